import { isCalendarDate, parseAmount, toIsoDate } from '../../../common/surplus';
import { type CustomFieldDefinition, isBlankValue, typeOf } from './types';

/*
 * How a stored custom field value reads on a record's page: money in the user's currency,
 * calendar dates, links for e-mail, phone and web addresses, Yes/No for a tick.
 */

export type DisplayValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; multiline?: boolean }
  | { kind: 'link'; text: string; href: string; external: boolean }
  | { kind: 'list'; items: string[] }
  | { kind: 'boolean'; value: boolean; text: string };

export interface FormatOptions {
  /** ISO 4217 code, e.g. the user's defaultCurrency; USD when missing or unknown. */
  currency?: string | null;
  locale?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A currency code Intl accepts, else USD. */
export function safeCurrency(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return 'USD';
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().currency ?? code
    );
  } catch {
    return 'USD';
  }
}

/** "$12,500" or "$12,500.50" (cents only when there are some). */
export function formatCurrency(value: number, options: FormatOptions = {}): string {
  const currency = safeCurrency(options.currency);
  const locale = options.locale ?? 'en-US';
  const whole = Number.isInteger(value);
  return cachedFormat(`${locale}|${currency}|${whole}`, () =>
    whole
      ? new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 })
      : new Intl.NumberFormat(locale, { style: 'currency', currency }),
  ).format(value);
}

export function formatNumber(value: number, locale = 'en-US'): string {
  return cachedFormat(
    `${locale}|number`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }),
  ).format(value);
}

/** "Mar 4, 2026" for a calendar date, never shifted by the browser's time zone. */
export function formatCalendarDate(value: string, locale = 'en-US'): string {
  const iso = toIsoDate(value);
  if (!iso) return value;
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function safeHttpUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A value as it should be shown; anything malformed is shown as plain text, never as a link. */
export function formatCustomFieldValue(
  field: Pick<CustomFieldDefinition, 'fieldType' | 'dataType'>,
  value: unknown,
  options: FormatOptions = {},
): DisplayValue {
  if (isBlankValue(value)) return { kind: 'empty' };
  const type = typeOf(field);
  const text = Array.isArray(value) ? value.map(String).join(', ') : String(value).trim();
  switch (type) {
    case 'currency': {
      const amount = parseAmount(value);
      return { kind: 'text', text: amount === null ? text : formatCurrency(amount, options) };
    }
    case 'number': {
      const amount = parseAmount(value);
      return { kind: 'text', text: amount === null ? text : formatNumber(amount, options.locale) };
    }
    case 'date':
      return { kind: 'text', text: isCalendarDate(value) ? formatCalendarDate(value, options.locale) : text };
    case 'checkbox': {
      const checked = value === true || value === 'true';
      return { kind: 'boolean', value: checked, text: checked ? 'Yes' : 'No' };
    }
    case 'multiselect':
      return {
        kind: 'list',
        items: (Array.isArray(value) ? value : [value]).map(String).filter((item) => item.trim() !== ''),
      };
    case 'email':
      return /^[^\s@]+@[^\s@]+$/.test(text)
        ? { kind: 'link', text, href: `mailto:${text}`, external: false }
        : { kind: 'text', text };
    case 'phone': {
      const dial = text.replace(/[^\d+]/g, '');
      return dial.replace(/\D/g, '').length >= 7
        ? { kind: 'link', text, href: `tel:${dial}`, external: false }
        : { kind: 'text', text };
    }
    case 'url': {
      const href = safeHttpUrl(text);
      return href
        ? { kind: 'link', text: text.replace(/^https?:\/\//, ''), href, external: true }
        : { kind: 'text', text };
    }
    case 'textarea':
      return { kind: 'text', text, multiline: true };
    default:
      return { kind: 'text', text };
  }
}
