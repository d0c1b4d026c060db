import { surplusFieldKeys } from '../../../common/surplus';
import {
  clientStatuses,
  companyRelationshipStatuses,
  interestLevels,
  leadStatuses,
  phoneTypes,
} from '../../../common/allowed-values';
import type { FieldDefinition } from '../../../common/validation/field-values';
import type {
  ImportEntityType,
  ImportFieldKind,
  ImportFieldTarget,
} from '../../../common/validation/imports';
import type { CustomFieldEntityType } from '../custom-fields/custom-field-schemas';

/** A standard field an import can fill: `key` as mappings name it, `input` as the create schema names it. */
interface StandardTarget {
  key: string;
  label: string;
  kind: ImportFieldKind;
  required?: boolean;
  options?: readonly string[];
  /** The create schema's key when it differs (ownerEmail → assignedOwner). */
  input?: string;
  /** Other header spellings that mean this field. */
  aliases?: string[];
}

const contact: StandardTarget[] = [
  { key: 'email', label: 'Email', kind: 'email', aliases: ['e-mail', 'email address', 'mail'] },
  { key: 'phone', label: 'Phone', kind: 'phone', aliases: ['phone number', 'telephone', 'mobile', 'cell'] },
  { key: 'phoneType', label: 'Phone type', kind: 'enum', options: phoneTypes },
];

const standardTargets: Record<ImportEntityType, StandardTarget[]> = {
  leads: [
    {
      key: 'fullName',
      label: 'Full name',
      kind: 'text',
      required: true,
      aliases: ['name', 'contact', 'owner name'],
    },
    ...contact,
    { key: 'businessName', label: 'Business name', kind: 'text', aliases: ['business', 'company'] },
    { key: 'industry', label: 'Industry', kind: 'text' },
    { key: 'location', label: 'Location', kind: 'text', aliases: ['address', 'city'] },
    { key: 'leadSource', label: 'Lead source', kind: 'text', aliases: ['source'] },
    { key: 'leadStatus', label: 'Lead status', kind: 'enum', options: leadStatuses, aliases: ['status'] },
    {
      key: 'interestLevel',
      label: 'Interest level',
      kind: 'enum',
      options: interestLevels,
      aliases: ['interest'],
    },
    {
      key: 'ownerEmail',
      label: 'Owner (e-mail)',
      kind: 'owner',
      input: 'assignedOwner',
      aliases: ['owner', 'assigned to'],
    },
    { key: 'notes', label: 'Notes', kind: 'text' },
    { key: 'tags', label: 'Tags', kind: 'tags' },
    { key: 'lastContactDate', label: 'Last contact date', kind: 'date', aliases: ['last contact'] },
  ],
  clients: [
    {
      key: 'displayName',
      label: 'Display name',
      kind: 'text',
      required: true,
      aliases: ['name', 'full name', 'client'],
    },
    ...contact,
    { key: 'addressLine1', label: 'Address line 1', kind: 'text', aliases: ['address', 'street'] },
    { key: 'addressLine2', label: 'Address line 2', kind: 'text' },
    { key: 'city', label: 'City', kind: 'text' },
    { key: 'state', label: 'State', kind: 'text' },
    { key: 'zip', label: 'ZIP', kind: 'text', aliases: ['zip code', 'postal code'] },
    { key: 'status', label: 'Status', kind: 'enum', options: clientStatuses },
    {
      key: 'ownerEmail',
      label: 'Owner (e-mail)',
      kind: 'owner',
      input: 'assignedTo',
      aliases: ['owner', 'assigned to'],
    },
    { key: 'notes', label: 'Notes', kind: 'text' },
    { key: 'tags', label: 'Tags', kind: 'tags' },
    { key: 'lastContactDate', label: 'Last contact date', kind: 'date', aliases: ['last contact'] },
  ],
  companies: [
    { key: 'companyName', label: 'Company name', kind: 'text', required: true, aliases: ['name', 'company'] },
    { key: 'website', label: 'Website', kind: 'text', aliases: ['url', 'web'] },
    { key: 'industry', label: 'Industry', kind: 'text' },
    { key: 'keyContact', label: 'Key contact', kind: 'text', aliases: ['contact'] },
    { key: 'employeeCount', label: 'Employee count', kind: 'number', aliases: ['employees'] },
    { key: 'estimatedRevenue', label: 'Estimated revenue', kind: 'money', aliases: ['revenue'] },
    { key: 'hqLocation', label: 'Headquarters', kind: 'text', aliases: ['hq', 'location'] },
    { key: 'companyType', label: 'Company type', kind: 'text', aliases: ['type'] },
    { key: 'techStack', label: 'Tech stack', kind: 'tags' },
    {
      key: 'relationshipStatus',
      label: 'Relationship status',
      kind: 'enum',
      options: companyRelationshipStatuses,
      aliases: ['status', 'relationship'],
    },
    { key: 'tags', label: 'Tags', kind: 'tags', input: 'customTags' },
    {
      key: 'ownerEmail',
      label: 'Owner (e-mail)',
      kind: 'owner',
      input: 'assignedTo',
      aliases: ['owner', 'assigned to'],
    },
    { key: 'notes', label: 'Notes', kind: 'text' },
  ],
  deals: [
    { key: 'dealName', label: 'Deal name', kind: 'text', required: true, aliases: ['name', 'deal', 'title'] },
    { key: 'dealType', label: 'Deal type', kind: 'text', aliases: ['type'] },
    { key: 'leadSource', label: 'Lead source', kind: 'text', aliases: ['source'] },
    { key: 'dealValue', label: 'Deal value', kind: 'money', aliases: ['value', 'amount'] },
    { key: 'closeProbability', label: 'Close probability', kind: 'number', aliases: ['probability'] },
    { key: 'contractDuration', label: 'Contract duration', kind: 'text' },
    {
      key: 'stageName',
      label: 'Stage',
      kind: 'stage',
      required: true,
      input: 'stage',
      aliases: ['stage', 'deal stage'],
    },
    { key: 'expectedCloseDate', label: 'Expected close date', kind: 'date', aliases: ['close date'] },
    {
      key: 'ownerEmail',
      label: 'Owner (e-mail)',
      kind: 'owner',
      input: 'assignedOwner',
      aliases: ['owner', 'assigned to'],
    },
    { key: 'notes', label: 'Notes', kind: 'text' },
    { key: 'tags', label: 'Tags', kind: 'tags' },
  ],
};

export const customFieldEntityOf: Record<ImportEntityType, CustomFieldEntityType> = {
  leads: 'lead',
  clients: 'client',
  companies: 'company',
  deals: 'deal',
};

const surplusKeys = new Set<string>(Object.values(surplusFieldKeys));
/** Computed surplus values are not typed in: the save works them out. */
const computedKeys = new Set<string>([surplusFieldKeys.surplusAmount, surplusFieldKeys.expectedFee]);

export const customPrefix = 'customFields.';

/** How a custom field's cells are read (dates and money normalized like standard ones). */
export function customKindOf(field: Pick<FieldDefinition, 'fieldType' | 'dataType'>): ImportFieldKind {
  const type = (field.fieldType ?? field.dataType ?? 'text').toLowerCase();
  if (type === 'date') return 'date';
  if (type === 'currency') return 'money';
  if (type === 'number') return 'number';
  if (type === 'checkbox' || type === 'boolean') return 'boolean';
  if (type === 'multiselect') return 'tags';
  return 'custom';
}

/** Every field an import of the entity can fill: standard, then custom, then surplus-case ones. */
export function importTargetsOf(
  entityType: ImportEntityType,
  definitions: FieldDefinition[],
): ImportFieldTarget[] {
  const standard = standardTargets[entityType].map(
    (target): ImportFieldTarget => ({
      key: target.key,
      label: target.label,
      kind: target.kind,
      required: target.required ?? false,
      group: 'standard',
      ...(target.options ? { options: [...target.options] } : {}),
    }),
  );
  const custom = definitions
    .filter((field) => !computedKeys.has(field.fieldKey) || entityType !== 'deals')
    .map((field): ImportFieldTarget => {
      const options = Array.isArray(field.options) ? field.options.map(String) : undefined;
      return {
        key: `${customPrefix}${field.fieldKey}`,
        label: field.name,
        kind: customKindOf(field),
        required: field.isRequired,
        group: entityType === 'deals' && surplusKeys.has(field.fieldKey) ? 'surplus' : 'custom',
        ...(options ? { options } : {}),
      };
    });
  return [
    ...standard,
    ...custom.filter((t) => t.group === 'custom'),
    ...custom.filter((t) => t.group === 'surplus'),
  ];
}

export function standardTargetOf(entityType: ImportEntityType, key: string): StandardTarget | undefined {
  return standardTargets[entityType].find((target) => target.key === key);
}

const normalized = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Column → field by name: a header equal (ignoring case, spaces and punctuation) to a field's key,
 * label or one of its aliases. Each field is taken by the first column that names it.
 */
export function suggestMapping(
  entityType: ImportEntityType,
  columns: string[],
  definitions: FieldDefinition[],
): Record<string, string> {
  const names = new Map<string, string>();
  const add = (name: string, key: string) => {
    const n = normalized(name);
    if (n && !names.has(n)) names.set(n, key);
  };
  for (const target of standardTargets[entityType]) {
    add(target.key, target.key);
    add(target.label, target.key);
  }
  for (const field of definitions) {
    add(field.fieldKey, `${customPrefix}${field.fieldKey}`);
    add(field.name, `${customPrefix}${field.fieldKey}`);
  }
  for (const target of standardTargets[entityType])
    for (const alias of target.aliases ?? []) add(alias, target.key);
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const column of columns) {
    const key = names.get(normalized(column));
    if (key && !taken.has(key)) {
      mapping[column] = key;
      taken.add(key);
    }
  }
  return mapping;
}
