import type { enhancedFieldValidationTypes } from '../../../common/allowed-values';
import type { SigningFieldValue } from '../../../common/validation/signing';
import { AppError, invalidFields } from '../../lib/app-error';
import { sniffImageType } from '../../lib/sniff-image-type';
import type { SigningFieldRow } from './signing-view';

export const fieldRequiredMessage = 'This field is required';
export const notYourFieldMessage = 'This field is not one of yours';
export const fieldSentTwiceMessage = 'This field was sent twice';
export const notAnImageMessage = 'The signature must be a PNG or JPEG image';
export const imageTooLargeMessage = 'The signature image is too large (at most 500 KB)';
export const invalidDateMessage = 'Enter a valid date';
export const checkboxValueMessage = 'A checkbox is either true or false';
export const chooseOptionMessage = 'Choose one of the options';
export const tooLongValueMessage = (max: number) => `At most ${max.toLocaleString('en-US')} characters`;

/** The largest decoded signature image. */
export const maxSignatureImageBytes = 500 * 1024;

type ValidationType = (typeof enhancedFieldValidationTypes)[number];

/** The spec's validation types (data-model §3) with the messages the signing page shows. */
export const validationRules: Record<ValidationType, { test: (value: string) => boolean; message: string }> =
  {
    email: {
      test: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= 254,
      message: 'Enter a valid email',
    },
    phone: {
      test: (v) =>
        /^\+?[\d\s().-]+$/.test(v) &&
        (v.match(/\d/g)?.length ?? 0) >= 7 &&
        (v.match(/\d/g)?.length ?? 0) <= 15,
      message: 'Enter a valid phone number',
    },
    date: { test: (v) => isValidDate(v), message: invalidDateMessage },
    number: {
      test: (v) => /^[-+]?(\d+([.,]\d+)?|\.\d+)$/.test(v.replaceAll(',', '')),
      message: 'Enter a number',
    },
    ssn: { test: (v) => /^\d{3}-\d{2}-\d{4}$/.test(v), message: 'Enter a valid SSN (123-45-6789)' },
    ein: { test: (v) => /^\d{2}-\d{7}$/.test(v), message: 'Enter a valid EIN (12-3456789)' },
  };

/** A calendar date as the page sends it (YYYY-MM-DD, or an ISO time), or MM/DD/YYYY typed. */
export function isValidDate(value: string) {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (!year) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const imageDataUrl = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** A drawn, typed (rendered) or uploaded signature: a PNG or JPEG data URL whose bytes are one. */
function checkImage(value: string): string | null {
  const match = imageDataUrl.exec(value);
  if (!match) return notAnImageMessage;
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > maxSignatureImageBytes) throw new AppError(413, imageTooLargeMessage);
  const type = sniffImageType(bytes);
  return type === `image/${match[1]}` ? null : notAnImageMessage;
}

function checkValue(field: SigningFieldRow, value: string): string | null {
  switch (field.fieldType) {
    case 'signature':
    case 'initial':
      return checkImage(value);
    case 'date':
      return isValidDate(value) ? null : invalidDateMessage;
    case 'checkbox':
      return value === 'true' || value === 'false' ? null : checkboxValueMessage;
    case 'dropdown':
    case 'radio': {
      const options = Array.isArray(field.options) ? (field.options as unknown[]) : [];
      return options.includes(value) ? null : chooseOptionMessage;
    }
    default: {
      if (field.maxLength && value.length > field.maxLength) return tooLongValueMessage(field.maxLength);
      const rule = field.validationType ? validationRules[field.validationType] : undefined;
      return rule && !rule.test(value) ? rule.message : null;
    }
  }
}

/** An unticked checkbox and a blank value are no answer. */
const isBlank = (field: SigningFieldRow, value: string | undefined) =>
  value === undefined || value.trim() === '' || (field.fieldType === 'checkbox' && value.trim() === 'false');

/**
 * The values of a finish, checked against the recipient's own fields: every required field
 * answered, every answer of its field's type and validation. Answers the values to store (blank
 * optional fields dropped); 400 with one entry per field (`fields.<fieldId>`), 413 for an image
 * over 500 KB.
 */
export function validateSigningValues(fields: SigningFieldRow[], values: SigningFieldValue[]) {
  const errors: { path: string; message: string }[] = [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  const given = new Map<string, SigningFieldValue>();
  for (const value of values) {
    const path = `fields.${value.fieldId}`;
    if (!byId.has(value.fieldId)) errors.push({ path, message: notYourFieldMessage });
    else if (given.has(value.fieldId)) errors.push({ path, message: fieldSentTwiceMessage });
    else given.set(value.fieldId, value);
  }
  const accepted: { field: SigningFieldRow; value: SigningFieldValue }[] = [];
  for (const field of fields) {
    const value = given.get(field.id);
    const path = `fields.${field.id}`;
    if (isBlank(field, value?.signatureData)) {
      if (field.isRequired) errors.push({ path, message: fieldRequiredMessage });
      else if (field.fieldType === 'checkbox' && value?.signatureData === 'false')
        accepted.push({ field, value });
      continue;
    }
    if (!value) continue;
    const problem = checkValue(field, value.signatureData.trim());
    if (problem) errors.push({ path, message: problem });
    else accepted.push({ field, value: { ...value, signatureData: value.signatureData.trim() } });
  }
  if (errors.length > 0) throw invalidFields(errors);
  return accepted;
}
