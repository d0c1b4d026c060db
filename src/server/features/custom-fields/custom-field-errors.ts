import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../../../common/validation/common';
import type { Database } from '../../db';
import type { CustomFieldEntityType } from './custom-field-schemas';
import { validateCustomFields } from './validate-custom-fields';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A record route's `config.alsoValidate`: when its body fails the schema, the error handler adds
 * the custom field errors, so one answer lists every failing field (DESIGN §3). A valid body
 * reaches the service, which checks the custom fields itself.
 */
export function customFieldErrors(
  db: Database,
  entityType: CustomFieldEntityType,
  { partial = false }: { partial?: boolean } = {},
) {
  return async (request: FastifyRequest): Promise<FieldError[]> => {
    const orgId = request.auth?.organization.id;
    const body = request.body;
    if (!orgId || !isPlainObject(body)) return [];
    const values = body.customFields;
    if (values !== undefined && values !== null && !isPlainObject(values)) return [];
    const check = await validateCustomFields({ db, orgId }, entityType, values ?? {}, { partial });
    return check.errors;
  };
}
