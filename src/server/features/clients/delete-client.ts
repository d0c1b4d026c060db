import { clients } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { deleteWithRelationships } from '../objects/delete-relationships-to';
import { clientNotFoundMessage } from './present-client';

/** DELETE /api/clients/:id: its activities and documents go with it (spec cascade rules). */
export async function deleteClient(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(clientNotFoundMessage);
  const deleted = await deleteWithRelationships(ctx, 'client', (db) =>
    db
      .delete(clients)
      .where(rowInOrganization(clients, ctx.orgId, id))
      .returning({ id: clients.id }),
  );
  if (deleted.length === 0) throw notFound(clientNotFoundMessage);
}
