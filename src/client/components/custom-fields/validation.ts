import { toStateCode, usStateMessage } from '../../../common/us-states';
import { z } from 'zod';
import { isCalendarDate, moneyRangeProblem, parseAmount } from '../../../common/surplus';
import { customTextLimit, maxLength as textMax } from '../../../common/validation/common';
import {
  type CustomFieldDefinition,
  type CustomFieldType,
  isBlankValue,
  optionsOf,
  rulesOf,
  typeOf,
} from './types';

/*
 * The browser's copy of the server's custom field checks (server/features/custom-fields/
 * validate-custom-fields.ts), with the same messages, so a form shows "Winning bid must be a
 * number" before it is sent. validation.test.ts compares the two on a table of values.
 */

/** What a form holds for a custom field: text, the ticked options, a checkbox. */
export type CustomFieldFormValue = string | string[] | boolean | number | null | undefined;
export type CustomFieldFormValues = Record<string, CustomFieldFormValue | unknown>;

/** Only what a check needs of a definition. */
export type CheckableField = Pick<
  CustomFieldDefinition,
  'name' | 'fieldKey' | 'fieldType' | 'isRequired' | 'isVisible' | 'options' | 'defaultValue' | 'validation'
> & { dataType?: string | null };

export interface CustomFieldError {
  /** `customFields.<fieldKey>`, as the API reports it. */
  path: string;
  fieldKey: string;
  message: string;
}

const emailSchema = z.email();

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

function checkText(field: CheckableField, value: unknown, type: CustomFieldType): string | null {
  const name = field.name;
  if (typeof value !== 'string' && typeof value !== 'number') return `${name} must be text`;
  const text = String(value).trim();
  const rules = rulesOf(field);
  if (rules.format === 'stateCode' && !toStateCode(text)) return usStateMessage(name);
  if (rules.minLength !== undefined && text.length < rules.minLength) {
    return `${name} must be at least ${rules.minLength} characters`;
  }
  const maxLength = customTextLimit(type, rules.maxLength);
  if (text.length > maxLength) {
    return `${name} must be at most ${maxLength} characters`;
  }
  return null;
}

function checkNumber(field: CheckableField, value: unknown, currency: boolean): string | null {
  const name = field.name;
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseAmount(value) : null;
  if (parsed === null) return `${name} must be a number`;
  const rules = rulesOf(field);
  if (rules.min !== undefined && parsed < rules.min) return `${name} must be at least ${rules.min}`;
  if (rules.max !== undefined && parsed > rules.max) return `${name} must be at most ${rules.max}`;
  return currency ? moneyRangeProblem(name, parsed) : null;
}

/** The message for one present, non-blank value, or null when it is valid. */
export function checkCustomFieldValue(field: CheckableField, value: unknown): string | null {
  const type = typeOf(field);
  const name = field.name;
  switch (type) {
    case 'number':
    case 'currency':
      return checkNumber(field, value, type === 'currency');
    case 'date':
      return isCalendarDate(value) ? null : `${name} must be a valid date`;
    case 'email': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text.length <= textMax.email && emailSchema.safeParse(text).success
        ? null
        : `${name} must be a valid email address`;
    }
    case 'url': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text.length <= textMax.url && isHttpUrl(text) ? null : `${name} must be a valid URL`;
    }
    case 'phone': {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
      const digits = text.replace(/\D/g, '');
      const valid = /^\+?[\d\s().-]+$/.test(text) && digits.length >= 7 && digits.length <= 15;
      return valid ? null : `${name} must be a valid phone number`;
    }
    case 'select':
      return typeof value === 'string' && optionsOf(field).includes(value.trim())
        ? null
        : `${name} must be one of the options`;
    case 'multiselect': {
      const list = typeof value === 'string' ? [value] : value;
      const options = optionsOf(field);
      const valid =
        Array.isArray(list) &&
        list.every((item) => typeof item === 'string' && options.includes(item.trim()));
      return valid ? null : `${name} can only contain the listed options`;
    }
    case 'checkbox':
      return value === true || value === false || value === 'true' || value === 'false'
        ? null
        : `${name} must be true or false`;
    default:
      return checkText(field, value, type === 'textarea' ? 'textarea' : 'text');
  }
}

export interface ValidateOptions {
  /** PATCH semantics: only keys present in `values` are checked, and defaults are not applied. */
  partial?: boolean;
}

/** Every failing field of `values`, in field order (one message per field). */
export function validateCustomFieldValues(
  fields: readonly CheckableField[],
  values: Record<string, unknown> | null | undefined,
  options: ValidateOptions = {},
): CustomFieldError[] {
  const input = values ?? {};
  const errors: CustomFieldError[] = [];
  for (const field of fields) {
    const key = field.fieldKey;
    const present = Object.hasOwn(input, key);
    if (options.partial && !present) continue;
    let value = present ? input[key] : undefined;
    if (!present && !options.partial && field.defaultValue !== null && field.defaultValue !== '') {
      value = typeOf(field) === 'multiselect' ? [field.defaultValue] : field.defaultValue;
    }
    if (isBlankValue(value)) {
      // A hidden field cannot be filled in, so it is never reported as missing.
      if (field.isRequired && field.isVisible) {
        errors.push({ path: `customFields.${key}`, fieldKey: key, message: `${field.name} is required` });
      }
      continue;
    }
    const message = checkCustomFieldValue(field, value);
    if (message) errors.push({ path: `customFields.${key}`, fieldKey: key, message });
  }
  return errors;
}

/**
 * A zod schema for a form's `customFields` object: errors land on `customFields.<fieldKey>`.
 * Use it inside the form's own schema (`schema.extend({ customFields: customFieldsSchema(fields) })`),
 * since react-hook-form skips field-level rules when a resolver is set.
 */
export function customFieldsSchema(fields: readonly CheckableField[], options: ValidateOptions = {}) {
  return z
    .record(z.string(), z.unknown())
    .optional()
    .superRefine((values, ctx) => {
      for (const error of validateCustomFieldValues(fields, values ?? {}, options)) {
        ctx.addIssue({ code: 'custom', path: [error.fieldKey], message: error.message });
      }
    });
}

/** The form paths of the fields, for `applyApiErrors(error, setError, [...fields, ...paths])`. */
export function customFieldPaths(fields: readonly Pick<CustomFieldDefinition, 'fieldKey'>[]) {
  return fields.map((field) => `customFields.${field.fieldKey}` as const);
}

/** The empty value of a field in a form. */
function emptyFormValue(type: CustomFieldType): CustomFieldFormValue {
  if (type === 'multiselect') return [];
  if (type === 'checkbox') return false;
  return '';
}

/** A stored value (or a definition's default text) as the form's control holds it. */
export function toFormValue(field: CheckableField, value: unknown): CustomFieldFormValue {
  const type = typeOf(field);
  if (value === null || value === undefined) return emptyFormValue(type);
  switch (type) {
    case 'multiselect':
      if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
      return typeof value === 'string' && value !== '' ? [value] : [];
    case 'checkbox':
      return value === true || value === 'true';
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : '';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

/**
 * The form's starting `customFields`: a record's stored values (other keys kept as they are),
 * else each field's default, else empty.
 */
export function customFieldDefaults(
  fields: readonly CheckableField[],
  existing?: Record<string, unknown> | null,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...existing };
  for (const field of fields) {
    const key = field.fieldKey;
    if (existing && Object.hasOwn(existing, key)) {
      result[key] = toFormValue(field, existing[key]);
    } else if (field.defaultValue !== null && field.defaultValue !== '') {
      result[key] = toFormValue(field, field.defaultValue);
    } else {
      result[key] = emptyFormValue(typeOf(field));
    }
  }
  return result;
}

/**
 * The values to send: numbers as numbers, blanks as null, ticks as booleans, options as lists.
 * Keys without a definition are passed through untouched.
 */
export function toCustomFieldPayload(
  fields: readonly CheckableField[],
  values: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const key = field.fieldKey;
    if (!values || !Object.hasOwn(values, key)) continue;
    const value = values[key];
    if (isBlankValue(value)) {
      result[key] = null;
      continue;
    }
    switch (typeOf(field)) {
      case 'number':
      case 'currency':
        result[key] = parseAmount(value) ?? value;
        break;
      case 'checkbox':
        result[key] = value === true || value === 'true';
        break;
      case 'multiselect':
        result[key] = Array.isArray(value) ? value : [value];
        break;
      default:
        result[key] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return result;
}
