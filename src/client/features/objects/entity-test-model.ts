import {
  type CheckableObjectField,
  checkRecordData,
  type FieldCheckResult,
  type ObjectDefinition,
} from '../../../common/validation/objects';
import { toCustomFieldPayload } from '../../components/custom-fields/validation';
import type { ValidationAnswer } from './api';
import { toCustomFieldDefinition } from './object-record-type';

/* The /entity-test sandbox: what the typed values become and what each side says of them. */

/** The form's values (held as custom field inputs hold them) as a record's `data`: blanks left out. */
export function toRecordData(
  definition: Pick<ObjectDefinition, 'entityType' | 'fields'>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const fields = definition.fields.map((field) => toCustomFieldDefinition(field, definition.entityType));
  const payload = toCustomFieldPayload(fields, values);
  return Object.fromEntries(
    Object.entries(payload).filter(([, value]) => value !== null && value !== undefined),
  );
}

export interface FieldVerdict {
  fieldName: string;
  browser: FieldCheckResult;
  /** The server's answer for the same field, when it was asked about these very values. */
  server: FieldCheckResult | null;
  /** Whether browser and server agree (null until the server answered). */
  agree: boolean | null;
}

/** Each field's result in the browser (the shared check) beside the server's answer, if any. */
export function fieldVerdicts(
  fields: readonly CheckableObjectField[],
  data: Record<string, unknown>,
  server: ValidationAnswer | null,
): FieldVerdict[] {
  const browser = checkRecordData(fields, data);
  return browser.fields.map((result) => {
    const answer = server?.fields.find((item) => item.fieldName === result.fieldName) ?? null;
    return {
      fieldName: result.fieldName,
      browser: result,
      server: answer,
      agree: answer ? answer.valid === result.valid && answer.message === result.message : null,
    };
  });
}
