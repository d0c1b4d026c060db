import { roundMoney } from '../../../common/surplus';

/*
 * The pipeline board as GET /api/pipelines/:id/board answers it, and the pure changes the board
 * screen makes to its cached copy: an optimistic move (card, counts and totals), its exact
 * rollback, and appending a column's next page. No React, no fetch: unit-tested on their own.
 */

export interface BoardCard {
  id: string;
  dealName: string;
  dealValue: number | null;
  closeProbability: number | null;
  stage: string;
  assignedOwner: string | null;
  assignedOwnerName: string | null;
  relatedClient: { id: string; displayName: string } | null;
  expectedCloseDate: string | null;
  updatedAt: string;
  surplus: {
    surplusAmount: number | null;
    expectedFee: number | null;
    claimDeadline: string | null;
  };
}

export interface BoardStage {
  id: string;
  name: string;
  probability: number;
  orderIndex: number;
  closingType: 'won' | 'lost' | null;
}

export interface BoardColumn {
  stage: BoardStage;
  count: number;
  totalValue: number;
  items: BoardCard[];
  nextCursor: string | null;
}

export interface Board {
  pipeline: { id: string; name: string; isDefault: boolean };
  /** Deals whose stage no active pipeline has: on no board, so the board points to them. */
  unplaced: { count: number; stages: { name: string; count: number }[] };
  columns: BoardColumn[];
}

/** A drag's card or column (dnd-kit's `data` of either): the stage of its column. */
export function stageOf(data: Record<string, unknown> | undefined): string | null {
  if (!data) return null;
  if ((data.type === 'column' || data.type === 'card') && typeof data.stage === 'string') return data.stage;
  return null;
}

/** What an optimistic move changed, so exactly that can be undone. */
export interface BoardMove {
  dealId: string;
  fromStage: string;
  toStage: string;
  /** Where the card sat in its column before the move. */
  fromIndex: number;
  card: BoardCard;
}

export function findCard(board: Board, dealId: string): { column: BoardColumn; index: number } | null {
  for (const column of board.columns) {
    const index = column.items.findIndex((card) => card.id === dealId);
    if (index >= 0) return { column, index };
  }
  return null;
}

const valueOf = (card: BoardCard) => card.dealValue ?? 0;

/**
 * Moves a card to the top of another column (the board lists the most recently changed deal
 * first, and a move changes it): counts and value totals follow. Returns the board unchanged
 * and no move when the card is not on the board or already in that column, or the column is
 * not on this board.
 */
export function moveCard(
  board: Board,
  dealId: string,
  toStage: string,
  now: string = new Date().toISOString(),
): { board: Board; move: BoardMove | null } {
  const found = findCard(board, dealId);
  if (!found || found.column.stage.name === toStage) return { board, move: null };
  if (!board.columns.some((c) => c.stage.name === toStage)) return { board, move: null };
  const card = found.column.items[found.index];
  const moved: BoardCard = { ...card, stage: toStage, updatedAt: now };
  const columns = board.columns.map((column) => {
    if (column.stage.name === found.column.stage.name) {
      return {
        ...column,
        count: Math.max(0, column.count - 1),
        totalValue: roundMoney(column.totalValue - valueOf(card)),
        items: column.items.filter((c) => c.id !== dealId),
      };
    }
    if (column.stage.name === toStage) {
      return {
        ...column,
        count: column.count + 1,
        totalValue: roundMoney(column.totalValue + valueOf(card)),
        items: [moved, ...column.items],
      };
    }
    return column;
  });
  return {
    board: { ...board, columns },
    move: { dealId, fromStage: found.column.stage.name, toStage, fromIndex: found.index, card },
  };
}

/**
 * Undoes `move` on the board as it is now (other moves may have happened since): the card
 * leaves whichever column holds it and returns to its old column at its old place, as it was.
 */
export function revertMove(board: Board, move: BoardMove): Board {
  const found = findCard(board, move.dealId);
  const current = found ? found.column.items[found.index] : null;
  const currentStage = found?.column.stage.name ?? null;
  const columns = board.columns.map((column) => {
    let next = column;
    if (current && column.stage.name === currentStage) {
      next = {
        ...next,
        count: Math.max(0, next.count - 1),
        totalValue: roundMoney(next.totalValue - valueOf(current)),
        items: next.items.filter((c) => c.id !== move.dealId),
      };
    }
    if (column.stage.name === move.fromStage) {
      const items = [...next.items];
      items.splice(Math.min(move.fromIndex, items.length), 0, move.card);
      next = {
        ...next,
        count: next.count + 1,
        totalValue: roundMoney(next.totalValue + valueOf(move.card)),
        items,
      };
    }
    return next;
  });
  return { ...board, columns };
}

/** Replaces a card's fields (e.g. with the server's answer after a move). */
export function patchCard(board: Board, dealId: string, patch: Partial<BoardCard>): Board {
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.items.some((c) => c.id === dealId)
        ? { ...column, items: column.items.map((c) => (c.id === dealId ? { ...c, ...patch } : c)) }
        : column,
    ),
  };
}

/** A column's next page, appended (cards already shown, e.g. just moved there, are skipped). */
export function appendColumnPage(
  board: Board,
  stageName: string,
  page: { items: BoardCard[]; nextCursor: string | null },
): Board {
  const shown = new Set(board.columns.flatMap((c) => c.items.map((card) => card.id)));
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.stage.name === stageName
        ? {
            ...column,
            items: [...column.items, ...page.items.filter((card) => !shown.has(card.id))],
            nextCursor: page.nextCursor,
          }
        : column,
    ),
  };
}

export interface ReasonChoice {
  id: string;
  name: string;
  type: 'won' | 'loss';
  isActive: boolean;
  showInDialog: boolean;
  orderIndex: number;
}

export interface ReasonRequirement {
  type: 'won' | 'loss';
  reasons: ReasonChoice[];
}

/**
 * Whether moving into `stage` needs a reason first, as the server decides it (move-deal.ts): a
 * closing stage asks for a reason of its type (won → won, lost → loss) when the organization
 * offers active reasons of that type in the dialog. Returns those reasons, in order, or null.
 */
export function reasonRequirement(
  stage: { closingType: 'won' | 'lost' | null } | null | undefined,
  reasons: readonly ReasonChoice[] | null | undefined,
): ReasonRequirement | null {
  if (!stage?.closingType) return null;
  const type = stage.closingType === 'won' ? 'won' : 'loss';
  const offered = (reasons ?? [])
    .filter((r) => r.type === type && r.isActive && r.showInDialog)
    .toSorted((a, b) => a.orderIndex - b.orderIndex || a.name.localeCompare(b.name));
  return offered.length > 0 ? { type, reasons: offered } : null;
}

/** The server's "Please choose a reason" (the dialog is shown when the client's lists were stale). */
export const reasonRequiredMessage = 'Please choose a reason';
