import type { FieldValidationType, SigningField } from './api';

/*
 * The signer's fields as pure data: the order they are walked in, what counts as filled, how each
 * value is checked (the same words as the API's finish route), and the keyboard each one asks for.
 */

/** One field's value as the signer leaves it: an adopted image, or text (typed, picked or dated). */
export type FieldValue =
  | { kind: 'image'; signatureType: 'drawn' | 'typed' | 'uploaded'; dataUrl: string; vectorData?: unknown }
  | { kind: 'text'; text: string };

export type FieldValues = Record<string, FieldValue | undefined>;

const byNumber = (a: number | null, b: number | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
};

/** The walking order: the sender's tab order first, then top to bottom, left to right, page by page. */
export function orderFields(fields: readonly SigningField[]): SigningField[] {
  return fields.toSorted(
    (a, b) =>
      byNumber(a.tabOrder, b.tabOrder) ||
      a.page - b.page ||
      (a.yPosition ?? 0) - (b.yPosition ?? 0) ||
      (a.xPosition ?? 0) - (b.xPosition ?? 0),
  );
}

export function isFilled(value: FieldValue | undefined): boolean {
  if (!value) return false;
  return value.kind === 'image' ? value.dataUrl !== '' : value.text.trim() !== '' && value.text !== 'false';
}

/** A required field still to fill, or a filled one whose value does not pass its check. */
export function needsAttention(field: SigningField, value: FieldValue | undefined): boolean {
  if (field.isRequired && !isFilled(value)) return true;
  return validateFieldValue(field, value) !== null;
}

/**
 * The field "Next field" goes to: the first one needing attention after `currentId` in walking
 * order, wrapping around; null when none is left (the bar then says "Finish").
 */
export function nextFieldToFill(
  ordered: readonly SigningField[],
  values: FieldValues,
  currentId: string | null,
): SigningField | null {
  const start = currentId === null ? -1 : ordered.findIndex((field) => field.id === currentId);
  for (let step = 1; step <= ordered.length; step++) {
    const field = ordered[(start + step + ordered.length) % ordered.length];
    if (needsAttention(field, values[field.id])) return field;
  }
  return null;
}

export const requiredMessage = 'This field is required';
export const chooseOptionMessage = 'Choose one of the options';
export const tooLongMessage = (max: number) => `At most ${max.toLocaleString('en-US')} characters`;

/** The API's messages per validation type (CONTRACT "Signer API", finish). */
export const validationMessages: Record<FieldValidationType, string> = {
  email: 'Enter a valid email',
  phone: 'Enter a valid phone number',
  date: 'Enter a valid date',
  number: 'Enter a number',
  ssn: 'Enter a valid SSN (123-45-6789)',
  ein: 'Enter a valid EIN (12-3456789)',
};

/** A calendar date as yyyy-mm-dd (what date inputs give) or mm/dd/yyyy (how people type it). */
export function isValidDate(text: string): boolean {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!iso && !us) return false;
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(us?.[3]), Number(us?.[1]), Number(us?.[2])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const checks: Record<FieldValidationType, (text: string) => boolean> = {
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  // Formatting characters aside, 7 to 15 digits (E.164's longest), an optional leading +.
  phone: (text) => /^\+?[\d\s().-]+$/.test(text) && /^\d{7,15}$/.test(text.replace(/\D/g, '')),
  date: isValidDate,
  number: (text) => /^[-+]?(\d+([.,]\d+)?|\.\d+)$/.test(text.replaceAll(',', '')),
  ssn: (text) => /^\d{3}-\d{2}-\d{4}$/.test(text),
  ein: (text) => /^\d{2}-\d{7}$/.test(text),
};

/** The message for a value that cannot be sent as it is, or null when it can. */
export function validateFieldValue(field: SigningField, value: FieldValue | undefined): string | null {
  if (!isFilled(value)) return field.isRequired ? requiredMessage : null;
  if (value?.kind !== 'text') return null;
  const text = value.text.trim();
  if (field.maxLength !== null && text.length > field.maxLength) return tooLongMessage(field.maxLength);
  const type = field.fieldType === 'date' ? 'date' : field.validationType;
  if (type && !checks[type](text)) return validationMessages[type];
  if ((field.fieldType === 'dropdown' || field.fieldType === 'radio') && field.options) {
    if (!field.options.includes(text)) return chooseOptionMessage;
  }
  return null;
}

/** The on-screen keyboard and autofill hints a text field asks for, by its validation type. */
export function inputHintsFor(field: SigningField): {
  type: 'text' | 'email' | 'tel' | 'date';
  inputMode: 'text' | 'email' | 'tel' | 'decimal' | 'numeric';
  autoComplete: string;
} {
  if (field.fieldType === 'date') return { type: 'date', inputMode: 'numeric', autoComplete: 'off' };
  switch (field.validationType) {
    case 'email':
      return { type: 'email', inputMode: 'email', autoComplete: 'email' };
    case 'phone':
      return { type: 'tel', inputMode: 'tel', autoComplete: 'tel' };
    case 'number':
      return { type: 'text', inputMode: 'decimal', autoComplete: 'off' };
    case 'ssn':
    case 'ein':
      return { type: 'text', inputMode: 'numeric', autoComplete: 'off' };
    case 'date':
      return { type: 'date', inputMode: 'numeric', autoComplete: 'off' };
    default:
      return { type: 'text', inputMode: 'text', autoComplete: 'off' };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the signer's own calendar, as yyyy-mm-dd: what date fields start with. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The values a field starts with: dates are today, others their default (if the sender set one). */
export function initialFieldValues(fields: readonly SigningField[], now: Date = new Date()): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.fieldType === 'date')
      values[field.id] = { kind: 'text', text: field.defaultValue || todayIso(now) };
    else if (field.defaultValue && field.fieldType !== 'signature' && field.fieldType !== 'initial')
      values[field.id] = { kind: 'text', text: field.defaultValue };
  }
  return values;
}

/** A checkbox's stored value: "true" when ticked (an unticked optional box is not sent). */
export const checkedValue = 'true';

/**
 * What the finish route receives: one entry per filled field (optional empty ones are left out),
 * images with their kind (drawn, typed, uploaded) and strokes, everything else as typed text.
 */
export function finishPayloadFields(fields: readonly SigningField[], values: FieldValues) {
  const entries: { fieldId: string; signatureType: string; signatureData: string; vectorData?: unknown }[] =
    [];
  for (const field of fields) {
    const value = values[field.id];
    if (!isFilled(value) || !value) continue;
    if (value.kind === 'image') {
      entries.push({
        fieldId: field.id,
        signatureType: value.signatureType,
        signatureData: value.dataUrl,
        ...(value.vectorData === undefined ? {} : { vectorData: value.vectorData }),
      });
    } else {
      entries.push({ fieldId: field.id, signatureType: 'electronic', signatureData: value.text.trim() });
    }
  }
  return entries;
}

/** The server's per-field errors (`fields.<fieldId>`) by field id. */
export function fieldErrorsById(errors: Record<string, string>): Record<string, string> {
  const byId: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^fields\.([^.]+)/.exec(path);
    if (match) byId[match[1]] ??= message;
  }
  return byId;
}
