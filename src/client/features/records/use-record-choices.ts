import { useOwnerOptions, useTagNames } from '../../components/data-table/use-record-options';
import { useSignedInUser } from '../auth/signed-in-user';
import type { RecordFieldChoices } from './record-form-description';

/**
 * The owners (the user first for a new record) and the suggestion lists a record's fields offer:
 * the organization's tags as `tags`, plus the type's own (`sources`).
 */
export function useRecordChoices(suggestions?: Readonly<Record<string, readonly string[]>>) {
  const me = useSignedInUser();
  const owners = useOwnerOptions(me);
  const tags = useTagNames();
  return {
    owners: owners.options,
    ownerName: owners.nameOf,
    defaultOwnerId: me.id,
    suggestions: { tags, ...suggestions },
  } satisfies RecordFieldChoices & { ownerName: unknown };
}
