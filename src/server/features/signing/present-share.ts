import type { documentShares } from '../../db/schema/documents';

type ShareRow = typeof documentShares.$inferSelect;

/** A share as the sender sees it: never its token hash. */
export function presentShare(row: ShareRow) {
  const { organizationId: _organizationId, shareToken: _shareToken, ...share } = row;
  return share;
}
