import { z } from 'zod';
import { emailField, maxLength } from '../../../common/validation/common';
import { enhancedFieldValidationTypes, signatureFieldTypes } from '../../../common/allowed-values';
import {
  choiceOptionsMessage,
  isChoiceFieldType,
  signatureFontFamilies,
} from '../../../common/validation/documents';
import type { Box } from './geometry';

/* The placer's working copy: boxes and signers edited locally, sent as one PUT on Save. */

export type FieldType = (typeof signatureFieldTypes)[number];

export const fieldTypeLabels: Record<FieldType, string> = {
  signature: 'Signature',
  initials: 'Initials',
  date: 'Date',
  text: 'Text',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
  radio: 'Choice',
};

/** Smaller than the spec's 200 × 50 default where the content is small (an initial, a tick). */
export const fieldTypeSizes: Record<FieldType, { width: number; height: number }> = {
  signature: { width: 200, height: 50 },
  initials: { width: 80, height: 40 },
  date: { width: 120, height: 30 },
  text: { width: 200, height: 30 },
  checkbox: { width: 50, height: 20 },
  dropdown: { width: 160, height: 30 },
  radio: { width: 160, height: 60 },
};

export type ValidationType = (typeof enhancedFieldValidationTypes)[number];
export type FontFamily = (typeof signatureFontFamilies)[number];

export const validationTypeLabels: Record<ValidationType, string> = {
  email: 'E-mail address',
  phone: 'Phone number',
  date: 'Date',
  number: 'Number',
  ssn: 'SSN (123-45-6789)',
  ein: 'EIN (12-3456789)',
};

/** Which settings a type has: only typed values take a font, only text a format, only choices options. */
export function settingsOf(type: FieldType) {
  return {
    options: isChoiceFieldType(type),
    validation: type === 'text',
    placeholder: type === 'text' || type === 'date' || type === 'dropdown',
    font: type !== 'signature' && type !== 'initials' && type !== 'checkbox',
  };
}

/** The settings of a new box, and of a saved one that has none. */
export const defaultFieldSettings = {
  placeholder: '',
  options: [] as string[],
  validationType: '' as ValidationType | '',
  fontSize: 12,
  fontFamily: 'Arial' as FontFamily,
};

export interface Signer {
  key: string;
  name: string;
  email: string;
}

export interface FieldDraft extends Box {
  key: string;
  fieldName: string;
  fieldType: FieldType;
  pageNumber: number;
  signerKey: string;
  isRequired: boolean;
  placeholder: string;
  /** A dropdown's or radio's choices, in the order the signer sees them. */
  options: string[];
  validationType: ValidationType | '';
  fontSize: number;
  fontFamily: FontFamily;
}

/** A signature field as the API answers it. */
export interface SavedSignatureField {
  id: string;
  fieldName: string;
  fieldType: string;
  pageNumber: number;
  signerEmail: string | null;
  signerName: string | null;
  xPosition: number | null;
  yPosition: number | null;
  width: number;
  height: number;
  isRequired: boolean;
  fieldOrder: number;
  textAnchor?: string | null;
  anchorPosition?: string;
  offsetX?: number;
  offsetY?: number;
  useSmartPositioning?: boolean;
  defaultValue?: string | null;
  placeholder?: string | null;
  options?: string[] | null;
  validationType?: string | null;
  fontSize?: number;
  fontFamily?: string;
}

export const signerEmailSchema = emailField('Must be a valid email');
export const signerNameSchema = z.string().trim().max(maxLength.line, 'Name is too long');
export const fieldNameSchema = z
  .string()
  .trim()
  .min(1, 'Field name is required')
  .max(maxLength.line, 'Field name is too long');

/** A signer's problem with their e-mail or name, for the signer list. */
export function signerErrors(signer: Signer): { email?: string; name?: string } {
  const email = signerEmailSchema.safeParse(signer.email);
  const name = signerNameSchema.safeParse(signer.name);
  return {
    email: email.success ? undefined : email.error.issues[0]?.message,
    name: name.success ? undefined : name.error.issues[0]?.message,
  };
}

export function isFieldType(value: string): value is FieldType {
  return (signatureFieldTypes as readonly string[]).includes(value);
}

export function isValidationType(value: string | null | undefined): value is ValidationType {
  return (enhancedFieldValidationTypes as readonly (string | null | undefined)[]).includes(value);
}

export function isFontFamily(value: string | null | undefined): value is FontFamily {
  return (signatureFontFamilies as readonly (string | null | undefined)[]).includes(value);
}

/** The problem with a choice field's options, as the server words it. */
export function optionsError(field: Pick<FieldDraft, 'fieldType' | 'options'>): string | undefined {
  if (!settingsOf(field.fieldType).options) return undefined;
  if (field.options.every((option) => option.trim() === '')) return choiceOptionsMessage;
  return undefined;
}

let keyCounter = 0;
/** A local key for a box or signer that has no id yet (never sent to the server). */
export function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${keyCounter}`;
}

/** "Signature 2": the next free name of that type among the boxes. */
export function nextFieldName(type: FieldType, fields: FieldDraft[]): string {
  const label = fieldTypeLabels[type];
  const taken = new Set(fields.map((field) => field.fieldName));
  for (let n = 1; ; n += 1) {
    const name = `${label} ${n}`;
    if (!taken.has(name)) return name;
  }
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Boxes and signers from what is saved: one signer per distinct e-mail (the first name seen),
 * after the suggested ones (the document's client), which are listed even without boxes.
 */
export function draftsFromSaved(
  saved: SavedSignatureField[],
  suggested: Omit<Signer, 'key'>[],
): { fields: FieldDraft[]; signers: Signer[] } {
  const signers: Signer[] = suggested.map((signer) => ({ ...signer, key: newKey('signer') }));
  const signerFor = (email: string, name: string): Signer => {
    const found = signers.find((signer) => email !== '' && sameEmail(signer.email, email));
    if (found) return found;
    const added = { key: newKey('signer'), email, name };
    signers.push(added);
    return added;
  };
  const fields = saved
    .toSorted((a, b) => a.fieldOrder - b.fieldOrder)
    .map<FieldDraft>((field) => ({
      key: field.id,
      fieldName: field.fieldName,
      fieldType: isFieldType(field.fieldType) ? field.fieldType : 'signature',
      pageNumber: field.pageNumber ?? 1,
      x: field.xPosition ?? 0,
      y: field.yPosition ?? 0,
      width: field.width,
      height: field.height,
      isRequired: field.isRequired,
      signerKey: signerFor(field.signerEmail ?? '', field.signerName ?? '').key,
      placeholder: field.placeholder ?? '',
      options: field.options ?? [],
      validationType: isValidationType(field.validationType) ? field.validationType : '',
      fontSize: field.fontSize ?? defaultFieldSettings.fontSize,
      fontFamily: isFontFamily(field.fontFamily) ? field.fontFamily : defaultFieldSettings.fontFamily,
    }));
  if (signers.length === 0) signers.push({ key: newKey('signer'), name: '', email: '' });
  return { fields, signers };
}

export interface FieldPayload {
  fieldName: string;
  fieldType: FieldType;
  pageNumber: number;
  signerEmail: string;
  signerName?: string;
  xPosition: number;
  yPosition: number;
  width: number;
  height: number;
  isRequired: boolean;
  fieldOrder: number;
  placeholder?: string;
  options?: string[];
  validationType?: ValidationType;
  fontSize: number;
  fontFamily: FontFamily;
}

/** Reading order (page, then top to bottom, then left to right): the order a signer meets them. */
export function inReadingOrder(fields: FieldDraft[]): FieldDraft[] {
  return fields.toSorted((a, b) => a.pageNumber - b.pageNumber || a.y - b.y || a.x - b.x);
}

/** The PUT body's fields, in reading order, with each box's signer written out. */
export function toPayload(fields: FieldDraft[], signers: Signer[]): FieldPayload[] {
  return inReadingOrder(fields).map((field, index) => {
    const signer = signers.find((candidate) => candidate.key === field.signerKey);
    const name = signer?.name.trim();
    return {
      fieldName: field.fieldName.trim(),
      fieldType: field.fieldType,
      pageNumber: field.pageNumber,
      signerEmail: signer?.email.trim() ?? '',
      ...(name ? { signerName: name } : {}),
      xPosition: field.x,
      yPosition: field.y,
      width: field.width,
      height: field.height,
      isRequired: field.isRequired,
      fieldOrder: index,
      ...settingsPayload(field),
    };
  });
}

/** The settings the box's type has, blank ones left out (a blank option is dropped, not sent). */
function settingsPayload(field: FieldDraft) {
  const has = settingsOf(field.fieldType);
  const placeholder = field.placeholder.trim();
  const options = field.options.map((option) => option.trim()).filter((option) => option !== '');
  return {
    ...(has.placeholder && placeholder ? { placeholder } : {}),
    ...(has.options ? { options } : {}),
    ...(has.validation && field.validationType ? { validationType: field.validationType } : {}),
    fontSize: has.font ? field.fontSize : defaultFieldSettings.fontSize,
    fontFamily: has.font ? field.fontFamily : defaultFieldSettings.fontFamily,
  };
}

/**
 * The server's field errors (`fields.3.signerEmail`) put back on the boxes they belong to, by the
 * order they were sent in; anything else is the form's message.
 */
export function errorsByField(
  sent: FieldDraft[],
  fieldErrors: Record<string, string>,
): { byKey: Record<string, string>; other: string[] } {
  const ordered = inReadingOrder(sent);
  const byKey: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^fields[.[](\d+)\]?(?:\.|$)/.exec(path);
    const field = match ? ordered[Number(match[1])] : undefined;
    if (field) byKey[field.key] ??= message;
    else other.push(message);
  }
  return { byKey, other };
}

/** One colour per signer, in the order they are listed (static class names for Tailwind). */
export const signerColors = [
  { box: 'border-sky-600 bg-sky-500/15 text-sky-950', dot: 'bg-sky-600' },
  { box: 'border-amber-600 bg-amber-400/20 text-amber-950', dot: 'bg-amber-600' },
  { box: 'border-emerald-600 bg-emerald-500/15 text-emerald-950', dot: 'bg-emerald-600' },
  { box: 'border-fuchsia-600 bg-fuchsia-500/15 text-fuchsia-950', dot: 'bg-fuchsia-600' },
  { box: 'border-rose-600 bg-rose-500/15 text-rose-950', dot: 'bg-rose-600' },
  { box: 'border-indigo-600 bg-indigo-500/15 text-indigo-950', dot: 'bg-indigo-600' },
] as const;

export function signerColor(signers: Signer[], signerKey: string) {
  const index = Math.max(
    0,
    signers.findIndex((signer) => signer.key === signerKey),
  );
  return signerColors[index % signerColors.length];
}

export function signerLabel(signer: Signer | undefined): string {
  if (!signer) return 'No signer';
  return signer.name.trim() || signer.email.trim() || 'Unnamed signer';
}
