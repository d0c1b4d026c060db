import { and, eq, sql } from 'drizzle-orm';
import { entityFieldDefinitions, entityRecords } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findField } from './find-entity-field';
import { loadObjectFields } from './get-entity-definition';
import { isTextLike, refreshSearchText, searchedFieldNames } from './record-search-text';

/** DELETE /api/entity-field-definitions/:id: the field and its value in every record of the object. */
export async function deleteEntityField(ctx: ServiceContext, id: string) {
  const { field, definition } = await findField(ctx.db, ctx.orgId, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(entityFieldDefinitions).where(rowInOrganization(entityFieldDefinitions, ctx.orgId, id));
    const holding = and(
      eq(entityRecords.entityType, definition.entityType),
      sql`${entityRecords.data} ? ${field.fieldName}`,
    );
    await tx
      .update(entityRecords)
      .set({ data: sql`${entityRecords.data} - ${field.fieldName}::text` })
      .where(and(eq(entityRecords.organizationId, ctx.orgId), holding));
    if (isTextLike(field.fieldType)) {
      const remaining = await loadObjectFields(tx, ctx.orgId, [definition.id]);
      await refreshSearchText(
        tx,
        ctx.orgId,
        eq(entityRecords.entityType, definition.entityType),
        searchedFieldNames(remaining),
      );
    }
  });
}
