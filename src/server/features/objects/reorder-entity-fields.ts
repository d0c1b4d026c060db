import { and, eq, inArray, sql } from 'drizzle-orm';
import { objectMessages } from '../../../common/validation/objects';
import { entityFieldDefinitions } from '../../db/schema/custom-fields';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { listEntityFields } from './list-entity-fields';
import { findDefinition } from './get-entity-definition';

/** POST /api/entity-field-definitions/reorder: `ids` in their new order (displayOrder 0, 1, …). */
export async function reorderEntityFields(ctx: ServiceContext, entityDefinitionId: string, ids: string[]) {
  const definition = await findDefinition(ctx.db, ctx.orgId, entityDefinitionId);
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await ctx.db.transaction(async (tx) => {
      const order = sql`array_position(array[${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[], ${entityFieldDefinitions.id}) - 1`;
      const updated = await tx
        .update(entityFieldDefinitions)
        .set({ displayOrder: order, updatedAt: new Date() })
        .where(
          and(
            eq(entityFieldDefinitions.organizationId, ctx.orgId),
            eq(entityFieldDefinitions.entityDefinitionId, definition.id),
            inArray(entityFieldDefinitions.id, unique),
          ),
        )
        .returning({ id: entityFieldDefinitions.id });
      if (updated.length !== unique.length) throw new AppError(404, objectMessages.fieldNotFound);
    });
  }
  return listEntityFields(ctx, definition.id);
}
