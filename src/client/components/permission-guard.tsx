import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { can, canAll, canAny, type PermissionSubject } from '../../common/permissions';
import { useCurrentUser } from '../features/auth/api';
import { useMaybeSignedInUser } from '../features/auth/signed-in-user';

export type PermissionCheck = [category: string, action: string];

/** What a guarded screen or element needs (product spec §6); several keys must all hold. */
export interface AccessRequirement {
  permission?: PermissionCheck;
  anyOf?: PermissionCheck[];
  allOf?: PermissionCheck[];
  superAdmin?: boolean;
}

export const permissionDeniedMessage = "You don't have permission to access this feature.";

export function hasAccess(
  subject: PermissionSubject | null | undefined,
  requirement: AccessRequirement,
): boolean {
  if (!subject) return false;
  if (requirement.superAdmin && subject.isSuperAdmin !== true) return false;
  if (requirement.permission && !can(subject, ...requirement.permission)) return false;
  if (requirement.anyOf && !canAny(subject, requirement.anyOf)) return false;
  if (requirement.allOf && !canAll(subject, requirement.allOf)) return false;
  return true;
}

interface PermissionGuardProps extends AccessRequirement {
  /** Shown when denied; `null` hides the content silently. Defaults to the permission message. */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Shows its children only to a signed-in user who holds the required permissions. */
export function PermissionGuard({ fallback, children, ...requirement }: PermissionGuardProps) {
  const signedIn = useMaybeSignedInUser();
  const { user } = useCurrentUser();
  if (hasAccess(signedIn ?? user, requirement)) return children;
  return fallback === undefined ? <AccessDenied /> : fallback;
}

export function AccessDenied() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </div>
      <h1 className="mt-4 text-lg font-semibold tracking-tight">Access restricted</h1>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">{permissionDeniedMessage}</p>
      <p className="mt-1 text-sm leading-6 text-muted-foreground">
        Ask an administrator of your organization if you need it.
      </p>
    </div>
  );
}
