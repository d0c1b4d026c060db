import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSignedInUser } from '../auth/signed-in-user';
import { useEntityDefinitions } from './entity-definitions-query';
import { type ObjectRecordType, objectRecordType } from './object-record-type';

export interface ObjectRecordTypeState {
  type: ObjectRecordType | null;
  isPending: boolean;
  error: Error | null;
  /** The organization's tag names (filters and suggestions). */
  tags: string[];
}

/** The description of an active object's records, by its type slug; null when there is no such object. */
export function useObjectRecordType(entityType: string): ObjectRecordTypeState {
  const me = useSignedInUser();
  const definitions = useEntityDefinitions();
  // The answer itself (a stable reference), so the description is built once per change.
  const tagAnswer = useQuery<{ items: { name: string }[] }>({ queryKey: ['/api/tags'] }).data;
  const definition = definitions.data?.items.find((item) => item.entityType === entityType) ?? null;
  return useMemo(() => {
    const tags = (tagAnswer?.items ?? []).map((tag) => tag.name);
    return {
      type: definition ? objectRecordType(definition, { currency: me.defaultCurrency, tags }) : null,
      isPending: definitions.isPending,
      error: definitions.error,
      tags,
    };
  }, [definition, me.defaultCurrency, tagAnswer, definitions.isPending, definitions.error]);
}
