import { eq, getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import { signatureRequestStatuses } from '../../../common/allowed-values';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import {
  type KeysetSpec,
  listQuerySchema,
  paginate,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { presentRequestRow } from './present-signature-request';

export const listSignatureRequestsQuerySchema = listQuerySchema.extend({
  documentInstanceId: queryFilter(z.guid({ error: 'Invalid document instance ID' })),
  dealId: queryFilter(z.guid({ error: 'Invalid deal ID' })),
  status: queryFilter(z.enum(signatureRequestStatuses, { error: 'Invalid status' })),
});

export type ListSignatureRequestsQuery = z.infer<typeof listSignatureRequestsQuerySchema>;

const spec: KeysetSpec = {
  sortable: {
    createdAt: enhancedSignatureRequests.createdAt,
    updatedAt: enhancedSignatureRequests.updatedAt,
    sentAt: enhancedSignatureRequests.sentAt,
    title: sortCaseInsensitively(enhancedSignatureRequests.title),
    status: enhancedSignatureRequests.status,
  },
  defaultSort: '-createdAt',
  id: enhancedSignatureRequests.id,
};

/** GET /api/enhanced-signature-requests: the organization's requests, by document, deal or status. */
export async function listSignatureRequests(ctx: ServiceContext, query: ListSignatureRequestsQuery) {
  return paginate(
    {
      db: ctx.db,
      from: enhancedSignatureRequests,
      fields: getTableColumns(enhancedSignatureRequests),
      where: inOrganization(
        enhancedSignatureRequests,
        ctx.orgId,
        query.documentInstanceId
          ? eq(enhancedSignatureRequests.documentInstanceId, query.documentInstanceId)
          : undefined,
        query.dealId ? eq(enhancedSignatureRequests.dealId, query.dealId) : undefined,
        query.status ? eq(enhancedSignatureRequests.status, query.status) : undefined,
      ),
      spec,
      query,
    },
    (row) => presentRequestRow(row),
  );
}
