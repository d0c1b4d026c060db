import { maxLength } from '../../../common/validation/common';
import { anchorPositions } from '../../../common/allowed-values';
import type { TemplateFieldPayload } from './api';
import {
  type FieldType,
  fieldTypeLabels,
  fieldTypeSizes,
  isFieldType,
  newKey,
  type SavedSignatureField,
} from './field-drafts';

/* A template's anchored fields: where they land is found from text when a document is generated. */

export type AnchorPosition = (typeof anchorPositions)[number];
export type AnchorSigner = 'client' | 'sender';

export const anchorPositionLabels: Record<AnchorPosition, string> = {
  after: 'After the text',
  before: 'Before the text',
  above: 'Above the text',
  below: 'Below the text',
};

/** The merge tokens a template's field carries instead of an address (CONTRACT). */
export const signerTokens: Record<AnchorSigner, { email: string; name: string; label: string }> = {
  client: { email: '{{client.email}}', name: '{{client.fullName}}', label: 'Client' },
  sender: { email: '{{user.email}}', name: '{{user.fullName}}', label: 'Sender (you)' },
};

export interface AnchorDraft {
  key: string;
  fieldType: FieldType;
  fieldName: string;
  textAnchor: string;
  anchorPosition: AnchorPosition;
  offsetX: number;
  offsetY: number;
  signer: AnchorSigner;
  isRequired: boolean;
  width: number;
  height: number;
}

/** A template field this screen does not edit (a fixed position, another signer): kept as it is. */
export interface KeptField {
  key: string;
  saved: SavedSignatureField;
}

function isAnchorPosition(value: string | undefined): value is AnchorPosition {
  return (anchorPositions as readonly string[]).includes(value ?? '');
}

function signerOf(email: string | null): AnchorSigner | null {
  if (email === signerTokens.client.email) return 'client';
  if (email === signerTokens.sender.email) return 'sender';
  return null;
}

export function anchorsFromSaved(saved: SavedSignatureField[]): {
  anchors: AnchorDraft[];
  kept: KeptField[];
} {
  const anchors: AnchorDraft[] = [];
  const kept: KeptField[] = [];
  for (const field of saved.toSorted((a, b) => a.fieldOrder - b.fieldOrder)) {
    const signer = signerOf(field.signerEmail);
    if (field.useSmartPositioning && field.textAnchor && signer) {
      anchors.push({
        key: field.id,
        fieldType: isFieldType(field.fieldType) ? field.fieldType : 'signature',
        fieldName: field.fieldName,
        textAnchor: field.textAnchor,
        anchorPosition: isAnchorPosition(field.anchorPosition) ? field.anchorPosition : 'after',
        offsetX: field.offsetX ?? 10,
        offsetY: field.offsetY ?? 0,
        signer,
        isRequired: field.isRequired,
        width: field.width,
        height: field.height,
      });
    } else kept.push({ key: field.id, saved: field });
  }
  return { anchors, kept };
}

/** A new anchored field with the spec's defaults (after the text, offsets 10 and 0). */
export function newAnchor(fieldType: FieldType, existing: AnchorDraft[]): AnchorDraft {
  const label = fieldTypeLabels[fieldType];
  const taken = new Set(existing.map((anchor) => anchor.fieldName));
  let n = 1;
  while (taken.has(`${label} ${n}`)) n += 1;
  return {
    key: newKey('anchor'),
    fieldType,
    fieldName: `${label} ${n}`,
    textAnchor: '',
    anchorPosition: 'after',
    offsetX: 10,
    offsetY: 0,
    signer: 'client',
    isRequired: true,
    ...fieldTypeSizes[fieldType],
  };
}

export function anchorErrors(anchor: AnchorDraft): { textAnchor?: string; fieldName?: string } {
  const text = anchor.textAnchor.trim();
  const name = anchor.fieldName.trim();
  return {
    textAnchor:
      text === ''
        ? 'Anchor text is required'
        : text.length > maxLength.line
          ? 'Anchor text is too long'
          : undefined,
    fieldName:
      name === ''
        ? 'Field name is required'
        : name.length > maxLength.line
          ? 'Field name is too long'
          : undefined,
  };
}

/** The PUT body: the anchored fields, then the kept ones unchanged (a PUT replaces them all). */
export function anchorsPayload(anchors: AnchorDraft[], kept: KeptField[]): TemplateFieldPayload[] {
  const edited = anchors.map<TemplateFieldPayload>((anchor, index) => ({
    fieldName: anchor.fieldName.trim(),
    fieldType: anchor.fieldType,
    signerEmail: signerTokens[anchor.signer].email,
    signerName: signerTokens[anchor.signer].name,
    width: anchor.width,
    height: anchor.height,
    isRequired: anchor.isRequired,
    fieldOrder: index,
    textAnchor: anchor.textAnchor.trim(),
    anchorPosition: anchor.anchorPosition,
    offsetX: anchor.offsetX,
    offsetY: anchor.offsetY,
    useSmartPositioning: true,
  }));
  const others = kept.map<TemplateFieldPayload>(({ saved }, index) => ({
    fieldName: saved.fieldName,
    fieldType: saved.fieldType,
    signerEmail: saved.signerEmail ?? '',
    ...(saved.signerName ? { signerName: saved.signerName } : {}),
    width: saved.width,
    height: saved.height,
    isRequired: saved.isRequired,
    fieldOrder: anchors.length + index,
    ...(saved.textAnchor ? { textAnchor: saved.textAnchor } : {}),
    anchorPosition: saved.anchorPosition ?? 'after',
    offsetX: saved.offsetX ?? 10,
    offsetY: saved.offsetY ?? 0,
    useSmartPositioning: saved.useSmartPositioning ?? false,
    pageNumber: saved.pageNumber ?? 1,
    ...(saved.xPosition !== null ? { xPosition: saved.xPosition } : {}),
    ...(saved.yPosition !== null ? { yPosition: saved.yPosition } : {}),
  }));
  return [...edited, ...others];
}
