import { z } from 'zod';
import { type IndustrySector, industrySectorValues } from '../../../common/constants';
import { enumField } from '../../../common/validation/common';
import { entityDefinitions } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization } from '../../lib/tenant-scope';
import { industryObjectTemplates, type ObjectTemplate } from './industry-object-templates';

export const allIndustries = 'all';

export const listEntityTemplatesQuerySchema = z.object({
  industry: enumField(
    [...industrySectorValues, allIndustries],
    `Industry must be one of ${industrySectorValues.join(', ')} or ${allIndustries}`,
  ).optional(),
});

export interface EntityTemplateItem extends ObjectTemplate {
  /** The organization already has an object of this type (from this template or not). */
  installed: boolean;
}

/** The sector's templates; `all`: every sector's, the organization's own sector first. */
function templatesOf(industry: IndustrySector | typeof allIndustries, ownSector: string) {
  if (industry !== allIndustries) return industryObjectTemplates.filter((t) => t.industry === industry);
  return [
    ...industryObjectTemplates.filter((t) => t.industry === ownSector),
    ...industryObjectTemplates.filter((t) => t.industry !== ownSector),
  ];
}

/** GET /api/entity-templates: `industry` defaults to the organization's own sector. */
export async function listEntityTemplates(
  ctx: ServiceContext,
  industry: IndustrySector | typeof allIndustries | undefined,
  ownSector: string,
): Promise<{ items: EntityTemplateItem[] }> {
  const rows = await ctx.db
    .select({ entityType: entityDefinitions.entityType })
    .from(entityDefinitions)
    .where(inOrganization(entityDefinitions, ctx.orgId));
  const installed = new Set(rows.map((row) => row.entityType));
  // A sector outside the list (older organizations) sees every template rather than none.
  const own = (industrySectorValues as readonly string[]).includes(ownSector) ? ownSector : undefined;
  const chosen = industry ?? (own as IndustrySector | undefined) ?? allIndustries;
  return {
    items: templatesOf(chosen, ownSector).map((template) => ({
      ...template,
      installed: installed.has(template.entityType),
    })),
  };
}
