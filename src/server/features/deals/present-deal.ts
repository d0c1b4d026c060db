import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { clients, deals } from '../../db/schema/crm';
import type { CsvColumn } from '../../lib/csv';
import { type JsonItemLayout, jsonListFieldsFor } from '../../lib/json-items';
import { type Actor, actorCan } from '../../lib/service-context';
import { fromNumeric, userNameOf } from '../../lib/tenant-scope';

export const dealNotFoundMessage = 'Deal not found';

export const dealFields = getTableColumns(deals);

/** The selection of a deal with its client's name; left-join clients on `clientOfDeal`. */
export const dealWithClientFields = { ...dealFields, relatedClientName: clients.displayName };

/**
 * Joins each deal's client by id and by the deal's organization, so a client of another
 * organization never shows (the foreign key alone does not say whose client it is). The deals are
 * already those of the caller's organization; naming it through the deal keeps the join free of
 * parameters, so the list writes it once (`paginate`).
 */
export const clientOfDeal = and(
  eq(clients.id, deals.relatedClient),
  eq(clients.organizationId, deals.organizationId),
);

export type DealRow = typeof deals.$inferSelect & { relatedClientName: string | null };

/** A deal as the API answers it; dealValue (numeric) is a number or null; closedAt is read-only. */
export function presentDeal(row: DealRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    dealName: row.dealName,
    dealType: row.dealType,
    relatedClient: row.relatedClient,
    relatedClientName: row.relatedClientName,
    leadSource: row.leadSource,
    dealValue: fromNumeric(row.dealValue),
    closeProbability: row.closeProbability,
    contractDuration: row.contractDuration,
    stage: row.stage,
    expectedCloseDate: row.expectedCloseDate,
    assignedOwner: row.assignedOwner,
    notes: row.notes,
    tags: row.tags,
    customFields: row.customFields,
    isSampleData: row.isSampleData,
    closedAt: row.closedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type DealItem = ReturnType<typeof presentDeal>;

/**
 * A deal as `actor` may see it: without clients:read it names no client, neither by name nor by
 * id (and the deal form then leaves the link alone, see updateDeal).
 */
export function dealPresenterFor(actor: Actor) {
  if (actorCan(actor, 'clients', 'read')) return presentDeal;
  return (row: DealRow) => ({ ...presentDeal(row), relatedClient: null, relatedClientName: null });
}

/**
 * A deal as the list writes it in SQL (`jsonItemOf`): `presentDeal`'s fields, in its order, the
 * client's name from the list's join (`clientOfDeal`).
 */
function dealJsonLayout(clientVisible: boolean): JsonItemLayout<DealItem> {
  return {
    id: ['text', deals.id],
    organizationId: ['text', deals.organizationId],
    dealName: ['text', deals.dealName],
    dealType: ['text', deals.dealType],
    relatedClient: clientVisible ? ['text', deals.relatedClient] : null,
    relatedClientName: clientVisible ? ['text', clients.displayName] : null,
    leadSource: ['text', deals.leadSource],
    dealValue: ['number', deals.dealValue],
    closeProbability: ['number', deals.closeProbability],
    contractDuration: ['text', deals.contractDuration],
    stage: ['text', deals.stage],
    expectedCloseDate: ['text', deals.expectedCloseDate],
    assignedOwner: ['text', deals.assignedOwner],
    notes: ['text', deals.notes],
    tags: ['texts', deals.tags],
    customFields: ['json', deals.customFields],
    isSampleData: ['boolean', deals.isSampleData],
    closedAt: ['timestamp', deals.closedAt],
    createdAt: ['timestamp', deals.createdAt],
    updatedAt: ['timestamp', deals.updatedAt],
  };
}

/** The list's selection for an actor: each deal's id and JSON, as `dealPresenterFor(actor)` shows it. */
export const dealListFieldsFor = jsonListFieldsFor(deals.id, dealJsonLayout);

export const dealExportFields = {
  ...dealFields,
  ownerName: userNameOf(deals.assignedOwner, deals.organizationId),
  clientName: sql<
    string | null
  >`(select ${clients.displayName} from ${clients} where ${clients.id} = ${deals.relatedClient} and ${clients.organizationId} = ${deals.organizationId})`,
};

type DealExportRow = typeof deals.$inferSelect & { ownerName: string | null; clientName: string | null };

export const dealCsvColumns: CsvColumn<DealExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'dealName', value: (r) => r.dealName },
  { header: 'dealType', value: (r) => r.dealType },
  { header: 'relatedClient', value: (r) => r.clientName },
  { header: 'leadSource', value: (r) => r.leadSource },
  { header: 'dealValue', value: (r) => fromNumeric(r.dealValue) },
  { header: 'closeProbability', value: (r) => r.closeProbability },
  { header: 'contractDuration', value: (r) => r.contractDuration },
  { header: 'stage', value: (r) => r.stage },
  { header: 'expectedCloseDate', value: (r) => r.expectedCloseDate },
  { header: 'assignedOwner', value: (r) => r.ownerName },
  { header: 'tags', value: (r) => r.tags },
  { header: 'notes', value: (r) => r.notes },
  { header: 'closedAt', value: (r) => r.closedAt },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
];
