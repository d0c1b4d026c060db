import { resolvePermissions } from '../../src/common/permissions';
import type { Database } from '../../src/server/db';
import type { ServiceContext } from '../../src/server/lib/service-context';

/** A service context for an organization's owner, as a signed-in request would build it. */
export function ownerContext(db: Database, owner: { id: string; organizationId: string }): ServiceContext {
  return {
    db,
    orgId: owner.organizationId,
    actor: {
      id: owner.id,
      role: 'admin',
      isOwner: true,
      isSuperAdmin: false,
      permissions: resolvePermissions('admin'),
      sessionId: 'bench',
    },
  };
}
