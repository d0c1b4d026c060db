import { z } from 'zod';
import { toStateCode, usStateMessage } from '../us-states';
import { isCalendarDate, moneyRangeProblem, parseAmount, roundMoney, toIsoDate } from '../surplus';
import { customTextLimit, type FieldError, maxLength as textMax, tooLongMessage } from './common';

/*
 * The value checks of custom fields, shared by the standard records' custom fields (server
 * validate-custom-fields.ts) and custom objects' records (objects.ts): the same types, rules and
 * messages everywhere. Pure: the browser imports it too.
 */

export const customFieldTypes = [
  'text',
  'textarea',
  'number',
  'currency',
  'date',
  'select',
  'multiselect',
  'checkbox',
  'email',
  'phone',
  'url',
] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

/** Extra rules a field may carry: bounds for numbers, lengths for text, a known format. */
export const fieldValidationSchema = z.object(
  {
    min: z.number({ error: 'Minimum must be a number' }).optional(),
    max: z.number({ error: 'Maximum must be a number' }).optional(),
    minLength: z
      .number()
      .int()
      .min(0, 'Minimum length must be at least 0')
      .max(textMax.notes, `Minimum length must be at most ${textMax.notes}`)
      .optional(),
    // A field never keeps more than the longest notes, whatever its own rule says.
    maxLength: z
      .number()
      .int()
      .min(1, 'Maximum length must be at least 1')
      .max(textMax.notes, `Maximum length must be at most ${textMax.notes}`)
      .optional(),
    format: z.enum(['stateCode'], { error: 'Unknown format' }).optional(),
    /** Filled in by the application (e.g. the surplus amount); shown read-only unless overridden. */
    computed: z.boolean().optional(),
  },
  { error: 'Validation must be an object' },
);
/** The rules a check reads; `pattern` (a whole-value regular expression) is set by custom objects' fields. */
export type FieldValidation = z.infer<typeof fieldValidationSchema> & {
  pattern?: string;
  patternMessage?: string;
};

/** A select's or multiselect's options: distinct, non-empty texts. */
export const optionList = z
  .array(z.string({ error: 'Options must be text' }).trim().min(1, 'Options cannot be empty').max(200), {
    error: 'Options must be a list',
  })
  .max(200, 'At most 200 options')
  .refine((options) => new Set(options).size === options.length, 'Options must be unique');

/** A field's default, kept as text (a number or a flag is written as text). */
export const defaultValueField = z
  .union([
    z.string().max(textMax.text, tooLongMessage('Default value', textMax.text)),
    z.number(),
    z.boolean(),
  ])
  .transform(String);

/** What a value check needs of a field definition. */
export interface FieldDefinition {
  name: string;
  fieldKey: string;
  fieldType: string | null;
  dataType?: string | null;
  isRequired: boolean;
  isVisible: boolean;
  options: unknown;
  defaultValue: string | null;
  validation: unknown;
}

export interface CustomFieldCheckOptions {
  /**
   * PATCH semantics: only the keys present in `values` are checked (a required field is only
   * reported when it is being cleared) and defaults are not applied.
   */
  partial?: boolean;
  /** Where errors point: `customFields` (the default) for the standard records, `data` for custom objects. */
  pathPrefix?: string;
}

export interface CustomFieldCheck {
  /** The values to store: coerced (numbers, cents, ISO dates, booleans), blanks as null, unknown keys kept. */
  values: Record<string, unknown>;
  /** One entry per failing field, path `<pathPrefix>.<fieldKey>`. */
  errors: FieldError[];
}

const emailSchema = z.email();

type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

export const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function optionsOf(field: FieldDefinition): string[] {
  return Array.isArray(field.options) ? field.options.filter((o): o is string => typeof o === 'string') : [];
}

function rulesOf(field: FieldDefinition): FieldValidation {
  return typeof field.validation === 'object' && field.validation !== null
    ? (field.validation as FieldValidation)
    : {};
}

/** A field's pattern is checked whole; a pattern that does not compile matches nothing. */
function matchesPattern(pattern: string, text: string) {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(text);
  } catch {
    return false;
  }
}

function isHttpUrl(text: string) {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

function checkText(field: FieldDefinition, value: unknown, type: CustomFieldType): Coerced {
  const name = field.name;
  if (typeof value !== 'string' && typeof value !== 'number')
    return { ok: false, message: `${name} must be text` };
  let text = String(value).trim();
  const rules = rulesOf(field);
  if (rules.format === 'stateCode') {
    // A state of the shared list, by code or name ("Florida" → "FL"), stored as its code.
    const code = toStateCode(text);
    if (!code) return { ok: false, message: usStateMessage(name) };
    text = code;
  }
  if (rules.pattern && !matchesPattern(rules.pattern, text)) {
    return { ok: false, message: rules.patternMessage || `${name} is not in the expected format` };
  }
  if (rules.minLength !== undefined && text.length < rules.minLength) {
    return { ok: false, message: `${name} must be at least ${rules.minLength} characters` };
  }
  const maxLength = customTextLimit(type, rules.maxLength);
  if (text.length > maxLength) {
    return { ok: false, message: `${name} must be at most ${maxLength} characters` };
  }
  return { ok: true, value: text };
}

function checkNumber(field: FieldDefinition, value: unknown, currency: boolean): Coerced {
  const name = field.name;
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseAmount(value) : null;
  if (parsed === null) return { ok: false, message: `${name} must be a number` };
  const rules = rulesOf(field);
  if (rules.min !== undefined && parsed < rules.min)
    return { ok: false, message: `${name} must be at least ${rules.min}` };
  if (rules.max !== undefined && parsed > rules.max)
    return { ok: false, message: `${name} must be at most ${rules.max}` };
  const outOfRange = currency ? moneyRangeProblem(name, parsed) : null;
  if (outOfRange) return { ok: false, message: outOfRange };
  return { ok: true, value: currency ? roundMoney(parsed) : parsed };
}

/** The field's type; a field that names none is text. */
export function fieldTypeOf(field: Pick<FieldDefinition, 'fieldType' | 'dataType'>): CustomFieldType {
  return (field.fieldType ?? field.dataType ?? 'text') as CustomFieldType;
}

/** One present, non-blank value against its field's type. */
export function coerceCustomFieldValue(field: FieldDefinition, value: unknown): Coerced {
  const type = fieldTypeOf(field);
  const name = field.name;
  switch (type) {
    case 'number':
      return checkNumber(field, value, false);
    case 'currency':
      return checkNumber(field, value, true);
    case 'date': {
      if (!isCalendarDate(value)) return { ok: false, message: `${name} must be a valid date` };
      return { ok: true, value: toIsoDate(value) };
    }
    case 'email': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text.length > textMax.email || !emailSchema.safeParse(text).success)
        return { ok: false, message: `${name} must be a valid email address` };
      return { ok: true, value: text };
    }
    case 'url': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text.length > textMax.url || !isHttpUrl(text))
        return { ok: false, message: `${name} must be a valid URL` };
      return { ok: true, value: text };
    }
    case 'phone': {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
      const digits = text.replace(/\D/g, '');
      if (!/^\+?[\d\s().-]+$/.test(text) || digits.length < 7 || digits.length > 15) {
        return { ok: false, message: `${name} must be a valid phone number` };
      }
      return { ok: true, value: text };
    }
    case 'select': {
      if (typeof value !== 'string' || !optionsOf(field).includes(value.trim())) {
        return { ok: false, message: `${name} must be one of the options` };
      }
      return { ok: true, value: value.trim() };
    }
    case 'multiselect': {
      const list = typeof value === 'string' ? [value] : value;
      const options = optionsOf(field);
      if (
        !Array.isArray(list) ||
        !list.every((item) => typeof item === 'string' && options.includes(item.trim()))
      ) {
        return { ok: false, message: `${name} can only contain the listed options` };
      }
      return { ok: true, value: [...new Set(list.map((item: string) => item.trim()))] };
    }
    case 'checkbox': {
      if (value === true || value === 'true') return { ok: true, value: true };
      if (value === false || value === 'false') return { ok: true, value: false };
      return { ok: false, message: `${name} must be true or false` };
    }
    default:
      return checkText(field, value, type === 'textarea' ? 'textarea' : 'text');
  }
}

/** The pure check: `values` against `fields` (see validateCustomFields). */
export function checkCustomFields(
  fields: FieldDefinition[],
  values: Record<string, unknown> | null | undefined,
  options: CustomFieldCheckOptions = {},
): CustomFieldCheck {
  const input = values ?? {};
  const prefix = options.pathPrefix ?? 'customFields';
  const result: Record<string, unknown> = { ...input };
  const errors: FieldError[] = [];
  for (const field of fields) {
    const key = field.fieldKey;
    const present = Object.hasOwn(input, key);
    if (options.partial && !present) continue;
    let value = present ? input[key] : undefined;
    if (!present && !options.partial && field.defaultValue !== null && field.defaultValue !== '') {
      value = field.fieldType === 'multiselect' ? [field.defaultValue] : field.defaultValue;
    }
    if (isBlank(value)) {
      // A hidden field cannot be filled in, so it is never reported as missing.
      if (field.isRequired && field.isVisible) {
        errors.push({ path: `${prefix}.${key}`, message: `${field.name} is required` });
      } else if (present) {
        result[key] = null;
      }
      continue;
    }
    const coerced = coerceCustomFieldValue(field, value);
    if (coerced.ok) result[key] = coerced.value;
    else errors.push({ path: `${prefix}.${key}`, message: coerced.message });
  }
  return { values: result, errors };
}

/**
 * The values a record made from another (a converted lead's client or deal) starts with: each
 * field's value from `source` under the same key when it passes the field's check, else the
 * field's default. Nothing is required: a conversion asks for no fields, so a required one is
 * filled in on the new record's page.
 */
export function carryCustomFieldValues(
  fields: FieldDefinition[],
  source: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const carried: Record<string, unknown> = {};
  for (const field of fields) {
    const candidates = [source?.[field.fieldKey], field.defaultValue];
    for (const candidate of candidates) {
      if (isBlank(candidate)) continue;
      const value =
        field.fieldType === 'multiselect' && typeof candidate === 'string' ? [candidate] : candidate;
      const coerced = coerceCustomFieldValue(field, value);
      if (!coerced.ok) continue;
      carried[field.fieldKey] = coerced.value;
      break;
    }
  }
  return carried;
}
