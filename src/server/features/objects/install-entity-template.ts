import type { ParsedCreateDefinitionInput } from '../../../common/validation/objects';
import { notFound } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { createEntityDefinition } from './create-entity-definition';
import { findObjectTemplate, type ObjectTemplate } from './industry-object-templates';

export const templateNotFoundMessage = 'Template not found';

/** The definition a template describes, fields in the template's order. */
export function templateDefinition(template: ObjectTemplate): ParsedCreateDefinitionInput {
  return {
    entityType: template.entityType,
    displayName: template.displayName,
    pluralName: template.pluralName,
    description: template.description,
    iconName: template.iconName,
    industryTemplate: template.key,
    permissionCategory: template.permissionCategory,
    fields: template.fields.map((field, index) => ({ ...field, displayOrder: index })),
  };
}

/**
 * POST /api/entity-templates/:key/install: the object and its fields, created as any object is
 * (one transaction; 409 when the organization already has an object of this type). No records:
 * the sample records only preview the object.
 */
export async function installEntityTemplate(ctx: ServiceContext, key: string) {
  const template = findObjectTemplate(key);
  if (!template) throw notFound(templateNotFoundMessage);
  return createEntityDefinition(ctx, templateDefinition(template));
}
