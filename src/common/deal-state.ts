/*
 * A deal's state — Open, Won or Lost — is not stored: it follows from its stage. A deal whose
 * stage is one of the organization's stages with a closing type (won or lost) is closed that way;
 * any other stage is open. The server's `?state=` filter and the screens' badges read it alike.
 */

export const dealStates = ['open', 'won', 'lost'] as const;
export type DealState = (typeof dealStates)[number];

/** Also the names of the seeded system deal statuses, whose colours the badges take. */
export const dealStateLabels: Record<DealState, string> = { open: 'Open', won: 'Won', lost: 'Lost' };

export const invalidDealStateMessage = 'State must be open, won or lost';

interface StageLike {
  name: string;
  closingType: 'won' | 'lost' | null;
}

/** The state of a deal in `stage`, given the organization's stages (of every pipeline). */
export function dealStateOf(stage: string, stages: readonly StageLike[]): DealState {
  const closing = stages.filter((s) => s.name === stage && s.closingType !== null);
  if (closing.some((s) => s.closingType === 'won')) return 'won';
  return closing.length > 0 ? 'lost' : 'open';
}
