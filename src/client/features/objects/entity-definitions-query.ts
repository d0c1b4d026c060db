import { useQuery } from '@tanstack/react-query';
import type { ObjectDefinition } from '../../../common/validation/objects';

/*
 * The list of the organization's custom objects: the top bar asks for it on every page, so it has
 * a module of its own, apart from the object settings' requests (api.ts), which load with their screens.
 */

export interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export const entityDefinitionsPath = '/api/entity-definitions';

export const entityDefinitionsQueryKey = ({ includeInactive = false } = {}) =>
  includeInactive
    ? ([entityDefinitionsPath, { includeInactive: true }] as const)
    : ([entityDefinitionsPath] as const);

/** The organization's objects, ordered; settings asks for the inactive ones too. */
export function useEntityDefinitions({
  includeInactive = false,
  enabled = true,
}: {
  includeInactive?: boolean;
  enabled?: boolean;
} = {}) {
  return useQuery<ListAnswer<ObjectDefinition>>({
    queryKey: entityDefinitionsQueryKey({ includeInactive }),
    enabled,
  });
}
