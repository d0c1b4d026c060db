import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { type PermissionSet, resolvePermissions, type Role } from '../../../../common/permissions';
import { createUserSchema, updateUserSchema } from '../../../../common/validation/users';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast, reloadedMessage } from '../../../lib/toast';
import { type TeamItem, type UserItem, useCreateUser, useInviteUser, useUpdateUser } from '../api';
import { cleanOverrides, countOverrides } from '../permission-matrix-model';
import { generateTemporaryPassword, roleChoices, roleDescription, statusChoices } from '../user-options';
import { PermissionMatrix } from './permission-matrix';
import { isReloaded } from '../../../lib/api';

interface Access {
  /** users:manage_permissions: personal overrides and the admin role. */
  canManagePermissions: boolean;
  /** Teams to choose from; null hides the team field (no teams:read). */
  teams: TeamItem[] | null;
}

function baseFor(role: unknown, teamId: unknown, teams: TeamItem[] | null) {
  const team = teams?.find((candidate) => candidate.id === teamId);
  return resolvePermissions((role as Role) ?? 'user', team?.permissions ?? null, null);
}

function RoleOptions({ canManagePermissions }: { canManagePermissions: boolean }) {
  return roleChoices.map((choice) => (
    <option
      key={choice.value}
      value={choice.value}
      // Any role but a plain user is a choice of access (users:manage_permissions on the server).
      disabled={choice.value !== 'user' && !canManagePermissions}
    >
      {choice.label}
    </option>
  ));
}

function TeamOptions({ teams }: { teams: TeamItem[] }) {
  return (
    <>
      <option value="">No team</option>
      {teams.map((team) => (
        <option key={team.id} value={team.id}>
          {team.name}
          {team.status === 'inactive' ? ' (inactive)' : ''}
        </option>
      ))}
    </>
  );
}

interface CreateUserDialogProps extends Access {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const createFields = [
  'email',
  'firstName',
  'lastName',
  'role',
  'status',
  'password',
  'teamId',
  'permissions',
] as const;

export function CreateUserDialog({ open, onOpenChange, ...access }: CreateUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={access.canManagePermissions ? 'xl' : 'md'}>
        {open ? <CreateUserForm onDone={() => onOpenChange(false)} {...access} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type CreateMode = 'invite' | 'password';

function CreateUserForm({ onDone, canManagePermissions, teams }: Access & { onDone: () => void }) {
  const createUser = useCreateUser();
  const inviteUser = useInviteUser();
  const [formError, setFormError] = useState<string | null>(null);
  // A temporary password shared by the admin stays the default (the flow teams know); an
  // invitation lets the user choose their own. The choice's label never reads "Temporary
  // password", so that label names the password field alone.
  const [mode, setMode] = useState<CreateMode>('password');
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    // One schema for both ways: in an invitation the hidden password keeps its generated value
    // (valid) and is not sent.
    resolver: zodResolver(createUserSchema),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      role: 'user',
      status: 'active',
      password: generateTemporaryPassword(),
      teamId: '',
      permissions: {} as PermissionSet,
    },
  });
  useUnsavedChanges(isDirty);
  const [role, teamId] = useWatch({ control, name: ['role', 'teamId'] });

  const onSubmit = handleSubmit(async ({ permissions, ...values }) => {
    setFormError(null);
    const overrides = cleanOverrides(permissions);
    if (mode === 'invite') {
      try {
        const { password: _password, status: _status, ...fields } = values;
        const user = await inviteUser.mutateAsync({
          ...fields,
          ...(canManagePermissions && countOverrides(overrides) > 0 ? { permissions: overrides } : {}),
        });
        toast.success('Invitation sent', {
          description: `${user.firstName} ${user.lastName} will receive a link at ${user.email} to choose a password.`,
        });
        onDone();
      } catch (error) {
        setFormError(applyApiErrors(error, setError, createFields));
      }
      return;
    }
    try {
      const user = await createUser.mutateAsync({
        ...values,
        ...(canManagePermissions && countOverrides(overrides) > 0 ? { permissions: overrides } : {}),
      });
      toast.success('User added', {
        description: `${user.firstName} ${user.lastName} can now sign in with the temporary password.`,
      });
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, createFields));
    }
  });

  const error = (name: (typeof createFields)[number]) => errorText(errors[name]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>Add user</DialogTitle>
        <DialogDescription>
          {mode === 'invite'
            ? 'They receive an e-mail with a link to choose their own password (valid for 7 days).'
            : 'They sign in with the temporary password below and are asked to choose their own right away.'}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        <FormError message={formError} />
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">How they get a password</legend>
          {(
            [
              ['password', 'Set a password now', 'You share it; they change it at first sign-in.'],
              ['invite', 'Send an invitation by e-mail', 'They choose their own password.'],
            ] as const
          ).map(([value, label, hint]) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border px-3 py-2.5 text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary',
                mode === value ? 'border-primary bg-primary-soft/50' : 'border-border',
              )}
            >
              <input
                type="radio"
                name="create-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="block font-medium">{label}</span>
                <span className="block text-xs text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="new-user-first-name" label="First name" error={error('firstName')}>
            <Input {...fieldA11y('new-user-first-name', error('firstName'))} {...register('firstName')} />
          </FormField>
          <FormField id="new-user-last-name" label="Last name" error={error('lastName')}>
            <Input {...fieldA11y('new-user-last-name', error('lastName'))} {...register('lastName')} />
          </FormField>
          <FormField id="new-user-email" label="Email" error={error('email')}>
            <Input
              {...fieldA11y('new-user-email', error('email'))}
              type="email"
              inputMode="email"
              autoComplete="off"
              {...register('email')}
            />
          </FormField>
          {mode === 'password' ? (
            <FormField
              id="new-user-password"
              label="Temporary password"
              error={error('password')}
              hint="Share it with them securely."
            >
              <div className="flex gap-2">
                <div className="min-w-0 flex-1">
                  <Input
                    {...fieldA11y('new-user-password', error('password'), 'Share it with them securely.')}
                    autoComplete="new-password"
                    className="font-mono"
                    {...register('password')}
                  />
                </div>
                <Button
                  variant="secondary"
                  size="icon"
                  aria-label="Generate a new password"
                  title="Generate a new password"
                  onClick={() => setValue('password', generateTemporaryPassword(), { shouldValidate: true })}
                >
                  <RefreshCw aria-hidden="true" />
                </Button>
              </div>
            </FormField>
          ) : null}
          <FormField
            id="new-user-role"
            label="Role"
            error={error('role')}
            hint={roleDescription(String(role))}
          >
            <Select
              {...fieldA11y('new-user-role', error('role'), roleDescription(String(role)))}
              {...register('role')}
            >
              <RoleOptions canManagePermissions={canManagePermissions} />
            </Select>
          </FormField>
          {mode === 'password' ? (
            <FormField id="new-user-status" label="Status" error={error('status')}>
              <Select {...fieldA11y('new-user-status', error('status'))} {...register('status')}>
                {statusChoices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            </FormField>
          ) : null}
          {teams && canManagePermissions ? (
            <FormField id="new-user-team" label="Team" labelAside="Optional" error={error('teamId')}>
              <Select {...fieldA11y('new-user-team', error('teamId'))} {...register('teamId')}>
                <TeamOptions teams={teams} />
              </Select>
            </FormField>
          ) : null}
        </div>
        {canManagePermissions ? (
          <PermissionsSection>
            <Controller
              control={control}
              name="permissions"
              render={({ field }) => (
                <PermissionMatrix
                  label="Permissions for the new user"
                  value={(field.value as PermissionSet | undefined) ?? {}}
                  onChange={field.onChange}
                  base={baseFor(role, teamId, teams)}
                />
              )}
            />
          </PermissionsSection>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting
            ? mode === 'invite'
              ? 'Sending…'
              : 'Adding…'
            : mode === 'invite'
              ? 'Send invitation'
              : 'Add user'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function PermissionsSection({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="permissions-heading"
      className="flex flex-col gap-3 border-t border-border pt-5"
    >
      <div>
        <h3 id="permissions-heading" className="text-sm font-semibold">
          Permissions
        </h3>
        <p className="mt-0.5 text-sm text-muted-foreground">
          Ticks show what applies from the role and team. Change a box to make an exception for this person.
        </p>
      </div>
      {children}
    </section>
  );
}

interface EditUserDialogProps extends Access {
  user: UserItem | null;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user edits themself: role and status stay as they are. */
  isSelf: boolean;
}

const editFields = ['firstName', 'lastName', 'role', 'status', 'password', 'teamId', 'permissions'] as const;

export function EditUserDialog({ user, onOpenChange, ...access }: EditUserDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent size={access.canManagePermissions ? 'xl' : 'md'}>
        {user ? (
          <EditUserForm key={user.id} user={user} onDone={() => onOpenChange(false)} {...access} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({
  user,
  onDone,
  canManagePermissions,
  teams,
  isSelf,
}: Access & { user: UserItem; onDone: () => void; isSelf: boolean }) {
  const updateUser = useUpdateUser();
  // The version the form opened on: its changes are sent against it.
  const [opened] = useState(user);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields, isDirty },
  } = useForm({
    resolver: zodResolver(updateUserSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      status: user.status,
      teamId: user.teamId ?? '',
      password: '',
      permissions: cleanOverrides(user.permissions),
    },
  });
  useUnsavedChanges(isDirty);
  const [role, teamId] = useWatch({ control, name: ['role', 'teamId'] });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // Only what changed: an unchanged admin role or permission set is not a new grant.
    const input = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => {
        if (key === 'password') return typeof value === 'string' && value !== '';
        return Boolean(dirtyFields[key as keyof typeof dirtyFields]);
      }),
    );
    if ('permissions' in input) input.permissions = cleanOverrides(values.permissions);
    if (Object.keys(input).length === 0) {
      onDone();
      return;
    }
    try {
      const saved = await updateUser.mutateAsync({ user: opened, input });
      if (isReloaded(saved)) toast(reloadedMessage);
      else {
        toast.success('User updated', {
          description: `Changes to ${user.firstName} ${user.lastName} were saved.`,
        });
      }
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, editFields));
    }
  });

  const error = (name: (typeof editFields)[number]) => errorText(errors[name]);
  const lockRole = isSelf || user.isOwner;
  // Role, team and permissions: never one's own, and only with users:manage_permissions.
  const lockAccess = isSelf || !canManagePermissions;

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>
          Edit {user.firstName} {user.lastName}
        </DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="edit-user-first-name" label="First name" error={error('firstName')}>
            <Input {...fieldA11y('edit-user-first-name', error('firstName'))} {...register('firstName')} />
          </FormField>
          <FormField id="edit-user-last-name" label="Last name" error={error('lastName')}>
            <Input {...fieldA11y('edit-user-last-name', error('lastName'))} {...register('lastName')} />
          </FormField>
          <FormField
            id="edit-user-role"
            label="Role"
            error={error('role')}
            hint={
              lockRole
                ? 'Your own role and the owner’s role cannot be changed here.'
                : lockAccess
                  ? 'Only users who can manage permissions can change roles.'
                  : roleDescription(String(role))
            }
          >
            <Select
              {...fieldA11y('edit-user-role', error('role'), 'role')}
              disabled={lockRole || lockAccess}
              {...register('role')}
            >
              <RoleOptions canManagePermissions={canManagePermissions || user.role === 'admin'} />
            </Select>
          </FormField>
          <FormField id="edit-user-status" label="Status" error={error('status')}>
            <Select
              {...fieldA11y('edit-user-status', error('status'))}
              disabled={lockRole}
              {...register('status')}
            >
              {statusChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
          {teams ? (
            <FormField id="edit-user-team" label="Team" labelAside="Optional" error={error('teamId')}>
              <Select
                {...fieldA11y('edit-user-team', error('teamId'))}
                disabled={lockAccess}
                {...register('teamId')}
              >
                <TeamOptions teams={teams} />
              </Select>
            </FormField>
          ) : null}
          <FormField
            id="edit-user-password"
            label="New password"
            labelAside="Optional"
            error={error('password')}
            hint="Leave empty to keep the current password."
          >
            <PasswordInput
              {...fieldA11y(
                'edit-user-password',
                error('password'),
                'Leave empty to keep the current password.',
              )}
              autoComplete="new-password"
              {...register('password')}
            />
          </FormField>
        </div>
        {canManagePermissions ? (
          <PermissionsSection>
            <Controller
              control={control}
              name="permissions"
              render={({ field }) => (
                <PermissionMatrix
                  label={`Permissions for ${user.firstName} ${user.lastName}`}
                  value={(field.value as PermissionSet | undefined) ?? {}}
                  onChange={field.onChange}
                  disabled={isSelf}
                  base={baseFor(role, teamId, teams)}
                />
              )}
            />
          </PermissionsSection>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
