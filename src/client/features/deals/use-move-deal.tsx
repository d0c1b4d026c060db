import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { readApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { type Deal, type DealReason, invalidateDealViews, moveDealRequest, useDealReasons } from './api';
import { reasonRequiredMessage, reasonRequirement } from './board-model';
import { type PendingReasonMove, ReasonDialog } from './components/reason-dialog';

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
        const { message } = readApiError(error);
        if (message === reasonRequiredMessage && !reason) {
          // Our list of reasons was out of date: read it again and ask.
          const fresh = await reasons.refetch();
          if (askForReason(target, fresh.data)) return false;
        }
        toast.error(`Could not move ${target.dealName}`, { description: message });
        return false;
      }
    },
    [mutateAsync, queryClient, reasons, askForReason],
  );

  const requestMove = useCallback(
    (target: MoveTarget) => {
      if (askForReason(target, reasons.data)) return;
      void run(target);
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
