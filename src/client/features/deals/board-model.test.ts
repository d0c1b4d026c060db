import { describe, expect, it } from 'vitest';
import {
  appendColumnPage,
  type Board,
  type BoardCard,
  moveCard,
  patchCard,
  reasonRequirement,
  type ReasonChoice,
  revertMove,
} from './board-model';

const card = (id: string, stage: string, dealValue: number | null): BoardCard => ({
  id,
  dealName: `Deal ${id}`,
  dealValue,
  closeProbability: null,
  stage,
  assignedOwner: null,
  assignedOwnerName: null,
  relatedClient: null,
  expectedCloseDate: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  surplus: { surplusAmount: null, expectedFee: null, claimDeadline: null },
});

const column = (name: string, index: number, items: BoardCard[], extra = { count: 0, total: 0 }) => ({
  stage: { id: `s-${name}`, name, probability: 0, orderIndex: index, closingType: null },
  count: items.length + extra.count,
  totalValue: items.reduce((sum, c) => sum + (c.dealValue ?? 0), 0) + extra.total,
  items,
  nextCursor: extra.count > 0 ? 'cursor' : null,
});

function board(): Board {
  return {
    pipeline: { id: 'p', name: 'Sales', isDefault: true },
    unplaced: { count: 0, stages: [] },
    columns: [
      column(
        'Research',
        0,
        [card('a', 'Research', 1000), card('b', 'Research', 250.1), card('c', 'Research', null)],
        {
          count: 10,
          total: 5000,
        },
      ),
      column('Contact', 1, [card('d', 'Contact', 0.2)]),
      column('Paid', 2, []),
    ],
  };
}

const names = (b: Board, stage: string) =>
  b.columns.find((c) => c.stage.name === stage)?.items.map((c) => c.id);
const col = (b: Board, stage: string) => b.columns.find((c) => c.stage.name === stage);

describe('moveCard (optimistic move)', () => {
  it('moves the card to the top of the target column and adjusts counts and totals', () => {
    const before = board();
    const { board: after, move } = moveCard(before, 'b', 'Contact', '2026-02-02T00:00:00.000Z');
    expect(names(after, 'Research')).toEqual(['a', 'c']);
    expect(names(after, 'Contact')).toEqual(['b', 'd']);
    expect(col(after, 'Research')).toMatchObject({ count: 12, totalValue: 6000 });
    expect(col(after, 'Contact')).toMatchObject({ count: 2, totalValue: 250.3 });
    expect(col(after, 'Contact')?.items[0]).toMatchObject({
      stage: 'Contact',
      updatedAt: '2026-02-02T00:00:00.000Z',
    });
    expect(move).toMatchObject({ dealId: 'b', fromStage: 'Research', toStage: 'Contact', fromIndex: 1 });
    // The cached board is not mutated.
    expect(names(before, 'Research')).toEqual(['a', 'b', 'c']);
  });

  it('counts a deal without a value as 0', () => {
    const { board: after } = moveCard(board(), 'c', 'Paid');
    expect(col(after, 'Paid')).toMatchObject({ count: 1, totalValue: 0 });
    expect(col(after, 'Research')).toMatchObject({ count: 12, totalValue: 6250.1 });
  });

  it('does nothing for the same column, an unknown card or an unknown column', () => {
    const before = board();
    expect(moveCard(before, 'a', 'Research')).toEqual({ board: before, move: null });
    expect(moveCard(before, 'zz', 'Paid')).toEqual({ board: before, move: null });
    expect(moveCard(before, 'a', 'Nowhere')).toEqual({ board: before, move: null });
  });
});

describe('revertMove (rollback)', () => {
  it('restores the board exactly as it was', () => {
    const before = board();
    const { board: after, move } = moveCard(before, 'b', 'Paid');
    expect(revertMove(after, move!)).toEqual(before);
  });

  it('undoes only its own move when another move happened meanwhile', () => {
    const first = moveCard(board(), 'a', 'Contact');
    const second = moveCard(first.board, 'd', 'Paid');
    const reverted = revertMove(second.board, first.move!);
    expect(names(reverted, 'Research')).toEqual(['a', 'b', 'c']);
    expect(names(reverted, 'Contact')).toEqual([]);
    expect(names(reverted, 'Paid')).toEqual(['d']);
    expect(col(reverted, 'Research')).toMatchObject({ count: 13, totalValue: 6250.1 });
    expect(col(reverted, 'Contact')).toMatchObject({ count: 0, totalValue: 0 });
    expect(col(reverted, 'Paid')).toMatchObject({ count: 1, totalValue: 0.2 });
  });

  it('puts the card back even if a refetch already dropped it from the target column', () => {
    const before = board();
    const { move } = moveCard(before, 'a', 'Paid');
    const withoutA = {
      ...before,
      columns: before.columns.map((c) => ({ ...c, items: c.items.filter((x) => x.id !== 'a') })),
    };
    const reverted = revertMove(withoutA, move!);
    expect(names(reverted, 'Research')).toEqual(['a', 'b', 'c']);
  });
});

describe('appendColumnPage and patchCard', () => {
  it('appends the next page to its column, skipping cards already shown', () => {
    const { board: moved } = moveCard(board(), 'd', 'Research');
    const next = appendColumnPage(moved, 'Research', {
      items: [card('d', 'Research', 0.2), card('e', 'Research', 5)],
      nextCursor: null,
    });
    expect(names(next, 'Research')).toEqual(['d', 'a', 'b', 'c', 'e']);
    expect(col(next, 'Research')?.nextCursor).toBeNull();
  });

  it('patches one card', () => {
    const next = patchCard(board(), 'd', { updatedAt: 'later' });
    expect(col(next, 'Contact')?.items[0].updatedAt).toBe('later');
  });
});

const reason = (id: string, type: 'won' | 'loss', extra: Partial<ReasonChoice> = {}): ReasonChoice => ({
  id,
  name: `Reason ${id}`,
  type,
  isActive: true,
  showInDialog: true,
  orderIndex: Number(id),
  ...extra,
});

describe('reasonRequirement (closing-stage reason decision)', () => {
  const reasons = [
    reason('2', 'won'),
    reason('1', 'won'),
    reason('3', 'won', { isActive: false }),
    reason('4', 'won', { showInDialog: false }),
    reason('5', 'loss'),
  ];

  it('asks for a won reason for a won stage, active and shown in the dialog, in order', () => {
    expect(reasonRequirement({ closingType: 'won' }, reasons)).toEqual({
      type: 'won',
      reasons: [reasons[1], reasons[0]],
    });
  });

  it('asks for a loss reason for a lost stage', () => {
    expect(reasonRequirement({ closingType: 'lost' }, reasons)?.reasons.map((r) => r.id)).toEqual(['5']);
  });

  it('does not ask for an open stage, or when no reason of the type is offered', () => {
    expect(reasonRequirement({ closingType: null }, reasons)).toBeNull();
    expect(reasonRequirement({ closingType: 'lost' }, [reason('1', 'won')])).toBeNull();
    expect(reasonRequirement({ closingType: 'won' }, [reason('3', 'won', { isActive: false })])).toBeNull();
    expect(reasonRequirement({ closingType: 'won' }, undefined)).toBeNull();
    expect(reasonRequirement(undefined, reasons)).toBeNull();
  });
});
