import { z } from 'zod';
import { nameMinLength, passwordMinLength } from '../constants';

/*
 * Shared primitives of the validation catalogue (data-model spec §9; the value sets of §4 and §5
 * are in ../allowed-values.ts).
 * Pure: imported by browser forms and server routes alike.
 */

// ---- Field primitives ----

/**
 * Form inputs send '' for an untouched optional field: '' (or whitespace) means absent and
 * becomes null, so a PATCH can also clear a value. A missing key stays undefined (unchanged).
 */
export function blankable<T extends z.ZodType>(schema: T) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      schema.nullable(),
    )
    .optional();
}

/**
 * The longest text each kind of field takes, in characters: one table, so forms and the API
 * refuse the same input with the same message, and no value reaches the database that an index
 * cannot hold (PostgreSQL refuses an index entry over about 2,700 bytes) or a log line repeats.
 */
export const maxLength = {
  /** Names, titles, subjects and other single-line text: lists sort by them and a cursor carries the value. */
  line: 255,
  /** A tag: filters and the tag catalogue read it; a short label. */
  tag: 50,
  /** RFC 5321: no valid address is longer. */
  email: 254,
  phone: 40,
  /** A choice or code typed as text: a time zone, a language, a currency, a version. */
  code: 100,
  url: 2048,
  /** A search or filter term in a query string. */
  search: 200,
  /** Descriptions and messages. */
  text: 10_000,
  /** Notes, e-mail bodies, signatures: the longest free text a record keeps. */
  notes: 50_000,
  /** A document's content (editor JSON as text): a long agreement with tables, never a 10 MB paste. */
  documentContent: 2_000_000,
  /** A drawn or uploaded signature as a PNG/JPEG data URL (about 500 KB): a 20 MB image is refused. */
  signatureImage: 700_000,
  password: 128,
} as const;

/**
 * The longest text a custom field keeps: its own maxLength when set (never above the longest
 * notes), else 1,000 characters for a line and 20,000 for a text area.
 */
export function customTextLimit(type: string, fieldMax: number | undefined): number {
  if (fieldMax !== undefined) return Math.min(fieldMax, maxLength.notes);
  return type === 'textarea' ? 20_000 : 1000;
}

/** Longest single-line text (names, sources, stages…); `maxLength.line`. */
export const maxLineLength = maxLength.line;

/** One formatter for every limit: `toLocaleString` builds a new one per call (hundreds at start-up). */
const countFormat = new Intl.NumberFormat('en-US');

/** "Full name must be at most 255 characters"; without a label "Must be at most 10,000 characters". */
export function tooLongMessage(label: string | undefined, max: number = maxLength.line) {
  const limit = `at most ${countFormat.format(max)} characters`;
  return label ? `${label} must be ${limit}` : `Must be ${limit}`;
}

/** Trimmed text of 1 to `max` characters; `message` also covers a missing value. */
export function requiredText(message: string, max: number = maxLength.line, label = labelOf(message)) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLongMessage(label, max));
}

/** "Subject is required" → "Subject"; "Name must be at least 2 characters" → "Name". */
function labelOf(message: string): string | undefined {
  return /^(.+?) (?:is required|must be|is not valid)/.exec(message)?.[1];
}

/** Trimmed text of 2 to 255 characters (spec §9 "Name minimum length"). */
export function nameField(message: string, max: number = maxLength.line) {
  return z
    .string({ error: message })
    .trim()
    .min(nameMinLength, message)
    .max(max, tooLongMessage(labelOf(message), max));
}

/** Optional free text of at most `max` characters; '' becomes null. */
export function optionalLongText(label: string, max: number = maxLength.text) {
  return blankable(z.string().trim().max(max, tooLongMessage(label, max)));
}

/** Optional free text, unlabelled ("Must be at most 10,000 characters"); '' becomes null. */
export const optionalText = blankable(
  z.string().trim().max(maxLength.text, tooLongMessage(undefined, maxLength.text)),
);

/** Trimmed single-line text of at most `max` (255) characters. */
export function lineText(label: string, max: number = maxLength.line) {
  return z.string().trim().max(max, tooLongMessage(label, max));
}

/** Optional single-line text; '' becomes null. */
export function optionalLine(label: string, max: number = maxLength.line) {
  return blankable(lineText(label, max));
}

/** A record's name (lead, client, company, deal): "{label} must be at least 2 characters", at most 255. */
export function recordName(label: string) {
  return nameField(`${label} must be at least ${nameMinLength} characters`);
}

export function emailField(message = 'Please enter a valid email address') {
  return z
    .string({ error: message })
    .trim()
    .max(maxLength.email, message)
    .pipe(z.email({ error: message }));
}

export function optionalEmail(message = 'Please enter a valid email address') {
  return blankable(emailField(message));
}

export const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(passwordMinLength, 'Password must be at least 6 characters')
  .max(maxLength.password, tooLongMessage('Password', maxLength.password));

/** Ids are uuids; `guid` accepts any 8-4-4-4-12 hex id, exactly what a Postgres uuid column takes. */
export function idField(message: string) {
  return z.guid({ error: message });
}

export function optionalId(message: string) {
  return blankable(idField(message));
}

export const organizationIdField = requiredText('Organization ID is required');

export function enumField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** An optional choice: '' (an unselected <select>) is absent. */
export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return blankable(enumField(values, message));
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const hexColor = z
  .string({ error: 'Color must be a valid hex code' })
  .regex(HEX_COLOR, 'Color must be a valid hex code');

const SHORT_HEX_COLOR = /^#[0-9a-fA-F]{3}$/;

/**
 * Tag colour: an explicitly empty value is "required", a malformed one is "valid hex code". The
 * spec asks tags only for a colour (statuses for 6 digits), so CSS's short form is taken too,
 * and stored long ('#f0a' → '#ff00aa') so every colour reads the same way.
 */
export const requiredHexColor = z
  .string({ error: 'Color is required' })
  .min(1, { error: 'Color is required', abort: true })
  .refine((value) => HEX_COLOR.test(value) || SHORT_HEX_COLOR.test(value), 'Color must be a valid hex code')
  .transform((value) =>
    SHORT_HEX_COLOR.test(value) ? `#${value.slice(1).replace(/./g, (c) => c + c)}` : value,
  );

/** http(s) only: a `javascript:` website would turn into a script link in the UI. */
export function urlField(message = 'Must be a valid URL', label = 'URL') {
  return z
    .string({ error: message })
    .trim()
    .max(maxLength.url, tooLongMessage(label, maxLength.url))
    .pipe(z.url({ protocol: /^https?$/, error: message }));
}

/** "https:", "javascript:"…; the ":8080" of "example.com:8080" is a port, not a scheme. */
const hasScheme = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * A website as people type it: a bare domain ("example.com", "www.example.com/path") is read as
 * https:// and returned so, so a stored website is always a working link; junk stays refused.
 */
export function websiteField(message = 'Must be a valid URL') {
  return z
    .string({ error: message })
    .trim()
    .max(maxLength.url, tooLongMessage('Website', maxLength.url))
    .transform((value, ctx) => {
      if (hasScheme.test(value)) return value;
      const host = value.split(/[/?#]/, 1)[0].replace(/:\d+$/, '');
      if (z.regexes.domain.test(host)) return `https://${value}`;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    })
    .pipe(z.url({ protocol: /^https?$/, error: message }));
}

const isoDate = z.iso.date();
// `local`: a date-time without an offset, as `<input type="datetime-local">` and many API clients send.
const isoDateTime = z.iso.datetime({ offset: true, local: true });
const withoutOffset = /T[\d:.]+$/;
// PostgreSQL has no year 0 and CRM dates are never that old: "0000-01-01" passes the ISO format
// but the database refuses it, so the format check alone would let it reach a 500.
const earliestDate = Date.UTC(1000, 0, 1);
const latestDate = Date.UTC(10000, 0, 1);

/** A date-time without an offset is read as UTC, as every time the API answers is written. */
const asUtc = (value: string) => (withoutOffset.test(value) ? `${value}Z` : value);

/** A calendar date ('2025-03-01') or an ISO date-time (an offset, Z or none: UTC), years 1000 to 9999. */
export function isDateText(value: string): boolean {
  if (!isoDate.safeParse(value).success && !isoDateTime.safeParse(value).success) return false;
  const instant = Date.parse(asUtc(value));
  return instant >= earliestDate && instant < latestDate;
}

/** A calendar date ('2025-03-01', from a date input) or an ISO date-time; one without an offset is UTC. */
export function dateField(label: string) {
  const message = `${label} must be a valid date`;
  return z.string({ error: message }).refine(isDateText, message).transform(asUtc);
}

export function optionalDate(label: string) {
  return blankable(dateField(label));
}

/**
 * A due date: a calendar date alone means the whole of that day (UTC), so a task due today is
 * not overdue until the day is over; a date-time keeps its exact moment.
 */
export function optionalDueDate(label: string) {
  return blankable(
    dateField(label).transform((value) =>
      isoDate.safeParse(value).success ? `${value}T23:59:59.999Z` : value,
    ),
  );
}

export function booleanField(name: string) {
  return z.boolean({ error: `${name} must be true or false` });
}

/** One tag name: "Tag must be at most 50 characters". */
export function tagName(requiredMessage = 'Tags cannot be empty', typeMessage = 'Tags must be text') {
  return z
    .string({ error: typeMessage })
    .trim()
    .min(1, requiredMessage)
    .max(maxLength.tag, tooLongMessage('Tag', maxLength.tag));
}

/** A record's tags: filters and the tag catalogue read them, so each is a short name, and few. */
export const maxTagsPerRecord = 100;
export const tagList = z
  .array(tagName(), { error: 'Tags must be a list' })
  .max(maxTagsPerRecord, `A record can have at most ${maxTagsPerRecord} tags`);

/** A short list of single-line texts (a company's tech stack). */
export const maxListItems = 100;
export function lineList(label: string) {
  return z
    .array(
      z
        .string({ error: `${label} must be text` })
        .trim()
        .max(maxLength.line, tooLongMessage(label)),
      {
        error: `${label} must be a list`,
      },
    )
    .max(maxListItems, `${label} can have at most ${maxListItems} entries`);
}
/** A list of short texts no form shows a label for. */
export const stringList = z
  .array(z.string().max(maxLength.line, tooLongMessage(undefined)))
  .max(maxListItems, `At most ${maxListItems} entries`);

/** JSON kept as it is sent (settings): bounded as a whole, since its shape is free. */
export const maxJsonLength = 100_000;
const jsonTooLarge = `Must be at most ${maxJsonLength.toLocaleString('en-US')} characters as JSON`;
const customFieldsTooLarge = `Custom fields must be at most ${maxJsonLength.toLocaleString('en-US')} characters as JSON`;
export const withinJsonLength = (value: unknown) => JSON.stringify(value).length <= maxJsonLength;
export const jsonObject = z.record(z.string(), z.unknown()).refine(withinJsonLength, jsonTooLarge);
/** Any JSON value, bounded as a whole. */
export const jsonValue = z
  .unknown()
  .refine((value) => value === undefined || withinJsonLength(value), jsonTooLarge);
/**
 * Custom field values keyed by field key (any JSON value); null means none, as `{}` does. Each
 * known field's value is checked against its definition by the server; the whole is bounded here.
 */
export const customFields = z
  .record(z.string(), z.unknown(), { error: 'Custom fields must be an object' })
  .nullable()
  .refine((values) => values === null || withinJsonLength(values), customFieldsTooLarge)
  .transform((values) => values ?? {});

const PERMISSIONS_MESSAGE = 'Permissions must map each category to actions set to true or false';

/** `{ [category]: { [action]: boolean } }` (DESIGN §3), for users and teams. */
export const permissionSetField = z.record(
  z.string().max(maxLength.code, PERMISSIONS_MESSAGE),
  z.record(z.string().max(maxLength.code, PERMISSIONS_MESSAGE), z.boolean({ error: PERMISSIONS_MESSAGE }), {
    error: PERMISSIONS_MESSAGE,
  }),
  { error: PERMISSIONS_MESSAGE },
);

interface NumberBounds {
  min?: number;
  max?: number;
  int?: boolean;
  /** Overrides the generated range message. */
  rangeMessage?: string;
}

function describeRange(label: string, { min, max, rangeMessage }: NumberBounds) {
  if (rangeMessage) return rangeMessage;
  if (min !== undefined && max !== undefined) return `${label} must be between ${min} and ${max}`;
  if (min !== undefined) return `${label} must be at least ${min}`;
  return `${label} must be at most ${max}`;
}

const maxInteger = 2_147_483_647;

/** Range and whole-number checks; messages read "Probability must be between 0 and 100". */
function bounded(label: string, bounds: NumberBounds, typeError: z.core.$ZodErrorMap | string) {
  const message = describeRange(label, bounds);
  let schema = z.number({ error: typeError });
  if (bounds.int) schema = schema.int(`${label} must be a whole number`);
  if (bounds.min !== undefined) schema = schema.min(bounds.min, message);
  if (bounds.max !== undefined) schema = schema.max(bounds.max, message);
  // Whole numbers are stored in integer columns: beyond them the database would refuse the row.
  if (bounds.int && bounds.max === undefined) schema = schema.max(maxInteger, `${label} is too large`);
  if (bounds.int && bounds.min === undefined) schema = schema.min(-maxInteger - 1, `${label} is too small`);
  return schema;
}

/** A JSON number; a missing one reads "{label} is required". */
export function numberField(label: string, bounds: NumberBounds = {}) {
  return bounded(label, bounds, (issue) =>
    issue.input === undefined ? `${label} is required` : `${label} must be a number`,
  );
}

const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * Text, a number or null (spec §5, deal value and close probability). Blank text becomes null;
 * other text is parsed after dropping "$" and thousands separators ("$1,250.50" → 1250.5).
 */
export function numberLike(label: string, bounds: NumberBounds = {}) {
  const message = `${label} must be a number`;
  return z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return null;
      const text = trimmed.replace(/[$,]/g, '');
      if (!NUMERIC_TEXT.test(text)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(bounded(label, bounds, message).nullable().optional());
}

// ---- Schema helpers ----

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type UpdateShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/**
 * The update (PATCH) schema of a create schema: every field optional and no defaults, so a
 * partial update never resets a field the caller did not send (`.partial()` keeps defaults).
 */
export function updateSchemaOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape as unknown as Record<string, z.ZodType>).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<UpdateShape<S>>;
}

/**
 * "Either a or b is required", reported on the first key. It also runs when other fields fail
 * (zod skips refinements then by default), so a form shows every error at once.
 */
export function requireOneOf<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  keys: readonly [keyof S & string, ...(keyof S & string)[]],
  message: string,
) {
  const isKey = (key: PropertyKey | undefined) => keys.some((k) => k === key);
  return schema.refine((value) => keys.some((key) => Boolean((value as Record<string, unknown>)[key])), {
    error: message,
    path: [keys[0]],
    when: ({ value, issues }) =>
      typeof value === 'object' && value !== null && !issues.some((issue) => isKey(issue.path?.[0])),
  });
}

/** The stored record of a tenant entity: the input plus the organization (taken from the session). */
export function withOrganization<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  return schema.extend({ organizationId: organizationIdField });
}

export interface FieldError {
  path: string;
  message: string;
}

/** zod issues in the API's error shape (DESIGN §3): `[{ path: 'fullName', message }]`. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
