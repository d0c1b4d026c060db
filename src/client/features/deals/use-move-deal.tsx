import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { readApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  type Deal,
  type DealReason,
  invalidateDealViews,
  moveDealRequest,
  pipelinesPath,
  useDealReasons,
} from './api';
import { reasonRequiredMessage, reasonRequirement } from './board-model';
import { type PendingReasonMove, ReasonDialog } from './components/reason-dialog';

/** The server knows no such active stage: it went while the screen still showed it. */
export const staleStageMessage = (stage: string) =>
  `${stage} is no longer a stage deals can move to: it was renamed, deleted or switched off. The stages shown are up to date now.`;

export interface MoveTarget {
  dealId: string;
  dealName: string;
  toStage: { name: string; closingType: 'won' | 'lost' | null };
  /** Shows the move at once; returns how to undo it if the server refuses. */
  optimistic?: () => (() => void) | undefined;
  /** Called once the move shows (after the reason, when one was asked for). */
  onOptimistic?: () => void;
  onMoved?: (deal: Deal) => void;
}

/**
 * Moving a deal to another stage (board drag, keyboard move or the detail page's stage bar):
 * a closing stage whose reasons the organization offers asks for one first (and cancelling
 * leaves the deal where it was); then the move shows at once and POST /api/deals/:id/move
 * confirms it, or it is undone and the server's message is shown.
 */
export function useMoveDeal() {
  const queryClient = useQueryClient();
  const reasons = useDealReasons();
  const [pending, setPending] = useState<PendingReasonMove | null>(null);
  const targetRef = useRef<MoveTarget | null>(null);
  const mutation = useMutation({ mutationFn: moveDealRequest });
  const { mutateAsync } = mutation;

  const askForReason = useCallback((target: MoveTarget, list: DealReason[] | undefined) => {
    const requirement = reasonRequirement(target.toStage, list);
    if (!requirement) return false;
    targetRef.current = target;
    setPending({
      dealId: target.dealId,
      dealName: target.dealName,
      toStage: target.toStage.name,
      requirement,
    });
    return true;
  }, []);

  const run = useCallback(
    async (target: MoveTarget, reason?: { reasonId: string; reasonNote: string }) => {
      const undo = target.optimistic?.();
      target.onOptimistic?.();
      try {
        const deal = await mutateAsync({
          dealId: target.dealId,
          stage: target.toStage.name,
          ...(reason ? { reasonId: reason.reasonId, reasonNote: reason.reasonNote || null } : {}),
        });
        target.onMoved?.(deal);
        void invalidateDealViews(queryClient);
        return true;
      } catch (error) {
        undo?.();
        const { message, fieldErrors } = readApiError(error);
        if (fieldErrors.reasonId === reasonRequiredMessage && !reason) {
          // Our list of reasons was out of date: read it again and ask.
          const fresh = await reasons.refetch();
          if (askForReason(target, fresh.data)) return false;
        }
        // What was shown may be out of date (a stage renamed, deleted or switched off, the deal
        // moved by someone else): read the board, the stages and the deal again.
        void invalidateDealViews(queryClient, { board: true });
        void queryClient.invalidateQueries({ queryKey: [pipelinesPath] });
        toast.error(`Could not move ${target.dealName}`, {
          description: fieldErrors.stage
            ? staleStageMessage(target.toStage.name)
            : (fieldErrors.reasonId ?? message),
        });
        return false;
      }
    },
    [mutateAsync, queryClient, reasons, askForReason],
  );

  /** Starts the move; true when it waits for a reason first (the drop's announcement says so). */
  const requestMove = useCallback(
    (target: MoveTarget) => {
      if (askForReason(target, reasons.data)) return true;
      void run(target);
      return false;
    },
    [askForReason, reasons.data, run],
  );

  const cancel = useCallback(() => {
    targetRef.current = null;
    setPending(null);
  }, []);

  const confirm = useCallback(
    (reasonId: string, reasonNote: string) => {
      const target = targetRef.current;
      targetRef.current = null;
      setPending(null);
      if (target) void run(target, { reasonId, reasonNote });
    },
    [run],
  );

  const dialog = <ReasonDialog pending={pending} onCancel={cancel} onConfirm={confirm} />;
  return { requestMove, dialog, isMoving: mutation.isPending, reasonPending: pending !== null };
}
