import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { can, type PermissionSubject } from '../../../common/permissions';
import type { FilterOption } from './list-params';

/*
 * The choices CRM lists and forms offer: owners (the organization's users), tags, lead sources
 * and revenue types. Each is read only with the permission its endpoint needs; without it the choice
 * falls back to what the user can know (themself as owner, free text for tags).
 */

interface Me extends PermissionSubject {
  id: string;
  firstName: string;
  lastName: string;
}

interface UserOption {
  id: string;
  firstName: string;
  lastName: string;
  status: string;
}

interface Named {
  id: string;
  name: string;
  isActive?: boolean;
}

interface Answer<T> {
  items: T[];
}

export interface OwnerOptions {
  /** Owners to choose from: the active users (everyone, with users:read) or just "Me". */
  options: FilterOption[];
  /** The name of an owner id, when it can be known. */
  nameOf: (id: string | null | undefined) => string | null;
}

/** Owners from `GET /api/users?limit=200` (users:read); otherwise only the signed-in user. */
export function useOwnerOptions(me: Me): OwnerOptions {
  const canRead = can(me, 'users', 'read');
  const users = useQuery<Answer<UserOption>>({
    queryKey: ['/api/users', { limit: '200' }],
    enabled: canRead,
  });
  const data = users.data;
  const { id, firstName, lastName } = me;
  return useMemo(() => {
    const list = canRead ? (data?.items ?? []) : [];
    const meLabel = `${firstName} ${lastName}`.trim();
    const options: FilterOption[] = canRead
      ? list
          .filter((user) => user.status === 'active' || user.id === id)
          .map((user) => ({
            value: user.id,
            label: user.id === id ? `${meLabel} (me)` : `${user.firstName} ${user.lastName}`,
          }))
      : [{ value: id, label: 'Me' }];
    if (canRead && !options.some((option) => option.value === id)) {
      options.unshift({ value: id, label: `${meLabel} (me)` });
    }
    const nameOf = (ownerId: string | null | undefined) => {
      if (!ownerId) return null;
      if (ownerId === id) return meLabel;
      const user = list.find((candidate) => candidate.id === ownerId);
      return user ? `${user.firstName} ${user.lastName}` : canRead ? 'Former user' : 'Another user';
    };
    return { options, nameOf };
  }, [canRead, data, id, firstName, lastName]);
}

/** The organization's tag names (readable by every member), for suggestions and the tag filter. */
export function useTagNames(): string[] {
  const tags = useQuery<Answer<Named>>({ queryKey: ['/api/tags'] });
  return (tags.data?.items ?? []).map((tag) => tag.name);
}

/** The names of a configurable list's active entries, in the list's order (readable by every member). */
function useActiveListNames(path: string): string[] {
  const entries = useQuery<Answer<Named>>({ queryKey: [path] });
  return (entries.data?.items ?? []).filter((entry) => entry.isActive !== false).map((entry) => entry.name);
}

/** The organization's active lead sources. */
export const useLeadSourceNames = () => useActiveListNames('/api/lead-sources');

/** The organization's active revenue types: what a deal's type (free text) is chosen from. */
export const useRevenueTypeNames = () => useActiveListNames('/api/revenue-types');

export function toOptions(
  values: readonly string[],
  labelOf: (value: string) => string = (v) => v,
): FilterOption[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}
