import { z } from 'zod';
import { defaultObjectIcon } from '../../../common/object-icons';
import { nameField, numberLike, optionalLongText } from '../../../common/validation/common';
import {
  type CreateDefinitionInput,
  entityTypeField,
  iconNameField,
  type ObjectDefinition,
  type ObjectPermissionCategory,
  objectMessages,
  permissionCategoryField,
} from '../../../common/validation/objects';

/* The object dialog of Settings › Objects: the server's rules (common/validation/objects.ts). */

export interface ObjectFormValues {
  displayName: string;
  pluralName: string;
  entityType: string;
  description: string;
  iconName: string;
  permissionCategory: ObjectPermissionCategory;
  displayOrder: string;
}

export const objectFormSchema = z.object({
  displayName: nameField(objectMessages.displayName, 100),
  pluralName: nameField(objectMessages.pluralName, 100),
  entityType: entityTypeField,
  description: optionalLongText('Description', 2000),
  iconName: iconNameField,
  permissionCategory: permissionCategoryField,
  displayOrder: numberLike('Display order', { min: 0, max: 1_000_000, int: true }),
});

/** What each permission category means for the object's records, said in one line. */
export const permissionCategoryHelp: Record<ObjectPermissionCategory, { label: string; help: string }> = {
  leads: {
    label: 'Leads',
    help: 'Whoever may see, add, change or delete leads may do the same with these records.',
  },
  clients: {
    label: 'Clients',
    help: 'Whoever may see, add, change or delete clients may do the same with these records.',
  },
  companies: {
    label: 'Companies',
    help: 'Whoever may see, add, change or delete companies may do the same with these records.',
  },
  deals: {
    label: 'Deals',
    help: 'Whoever may see, add, change or delete deals may do the same with these records.',
  },
};

function words(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** "Court filing" → "court_filing"; a name starting with a digit gets "object_" in front. */
export function entityTypeFromName(name: string): string {
  const slug = words(name).join('_').slice(0, 50).replace(/_+$/, '');
  if (!slug) return '';
  return /^[a-z]/.test(slug) ? slug : `object_${slug}`.slice(0, 50);
}

/** A plural to offer for an English name: "Property" → "Properties", "Heir" → "Heirs", "Box" → "Boxes". */
export function pluralOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  if (/[^aeiou]y$/i.test(trimmed)) return `${trimmed.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(trimmed)) return `${trimmed}es`;
  return `${trimmed}s`;
}

export function objectFormDefaults(definition: ObjectDefinition | null, nextOrder = 0): ObjectFormValues {
  return {
    displayName: definition?.displayName ?? '',
    pluralName: definition?.pluralName ?? '',
    entityType: definition?.entityType ?? '',
    description: definition?.description ?? '',
    iconName: definition?.iconName ?? defaultObjectIcon,
    permissionCategory: definition?.permissionCategory ?? 'deals',
    displayOrder: String(definition?.displayOrder ?? nextOrder),
  };
}

/** The request body; the type is only sent on create (it names the records and cannot change). */
export function toDefinitionInput(values: ObjectFormValues): CreateDefinitionInput {
  const order = values.displayOrder.trim();
  return {
    entityType: values.entityType.trim(),
    displayName: values.displayName.trim(),
    pluralName: values.pluralName.trim(),
    description: values.description.trim() || null,
    iconName: values.iconName,
    permissionCategory: values.permissionCategory,
    displayOrder: order === '' ? 0 : Number(order),
  };
}
