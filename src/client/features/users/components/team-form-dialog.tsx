import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { PermissionSet } from '../../../../common/permissions';
import { createTeamSchema, type UpdateTeamInput } from '../../../../common/validation/teams';
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
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast, reloadedMessage } from '../../../lib/toast';
import { type TeamItem, useCreateTeam, useUpdateTeam } from '../api';
import { cleanOverrides } from '../permission-matrix-model';
import { statusChoices } from '../user-options';
import { PermissionMatrix } from './permission-matrix';
import { isReloaded } from '../../../lib/api';
import { changedFields } from '../../../lib/changed-fields';

interface TeamFormDialogProps {
  /** The team to edit, 'new' to create one, null when closed. */
  team: TeamItem | 'new' | null;
  onOpenChange: (open: boolean) => void;
  /** teams:manage_permissions. */
  canManagePermissions: boolean;
}

export function TeamFormDialog({ team, onOpenChange, canManagePermissions }: TeamFormDialogProps) {
  return (
    <Dialog open={team !== null} onOpenChange={onOpenChange}>
      <DialogContent size={canManagePermissions ? 'xl' : 'md'}>
        {team ? (
          <TeamForm
            key={team === 'new' ? 'new' : team.id}
            team={team === 'new' ? null : team}
            canManagePermissions={canManagePermissions}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const fields = ['name', 'description', 'status', 'permissions'] as const;

function TeamForm({
  team,
  canManagePermissions,
  onDone,
}: {
  team: TeamItem | null;
  canManagePermissions: boolean;
  onDone: () => void;
}) {
  const createTeam = useCreateTeam();
  const updateTeam = useUpdateTeam();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields, isDirty },
  } = useForm({
    resolver: zodResolver(createTeamSchema),
    defaultValues: {
      name: team?.name ?? '',
      description: team?.description ?? '',
      status: team?.status ?? 'active',
      permissions: cleanOverrides(team?.permissions) as PermissionSet,
    },
  });
  useUnsavedChanges(isDirty);
  const [opened] = useState(() =>
    team
      ? {
          team,
          input: { name: team.name, description: team.description ?? '', status: team.status } as Partial<
            UpdateTeamInput & { permissions: unknown }
          >,
        }
      : null,
  );

  const onSubmit = handleSubmit(async ({ permissions, ...values }) => {
    setFormError(null);
    // Permissions travel only when they may be set, and (editing) only when they changed.
    const sendPermissions = canManagePermissions && (team === null || Boolean(dirtyFields.permissions));
    const input = { ...values, ...(sendPermissions ? { permissions: cleanOverrides(permissions) } : {}) };
    try {
      if (opened) {
        // Only what changed, against the version the form opened on.
        const saved = await updateTeam.mutateAsync({
          team: opened.team,
          input: changedFields(opened.input, input),
        });
        if (isReloaded(saved)) toast(reloadedMessage);
        else toast.success('Team updated', { description: `Changes to ${values.name} were saved.` });
      } else {
        await createTeam.mutateAsync(input);
        toast.success('Team created', { description: `${values.name} is ready for members.` });
      }
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, fields));
    }
  });

  const error = (name: (typeof fields)[number]) => errorText(errors[name]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{team ? `Edit ${team.name}` : 'New team'}</DialogTitle>
        <DialogDescription>
          A team groups people who work together. Its permissions apply to every member, on top of their role.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <FormField id="team-name" label="Name" error={error('name')}>
            <Input
              {...fieldA11y('team-name', error('name'))}
              placeholder="Acquisitions"
              {...register('name')}
            />
          </FormField>
          <FormField id="team-status" label="Status" error={error('status')}>
            <Select {...fieldA11y('team-status', error('status'))} {...register('status')}>
              {statusChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            id="team-description"
            label="Description"
            labelAside="Optional"
            error={error('description')}
            className="sm:col-span-2"
          >
            <Textarea
              {...fieldA11y('team-description', error('description'))}
              rows={2}
              placeholder="What this team works on"
              {...register('description')}
            />
          </FormField>
        </div>
        {canManagePermissions ? (
          <section
            aria-labelledby="team-permissions-heading"
            className="flex flex-col gap-3 border-t border-border pt-5"
          >
            <div>
              <h3 id="team-permissions-heading" className="text-sm font-semibold">
                Team permissions
              </h3>
              <p className="mt-0.5 text-sm text-muted-foreground">
                Tick to allow, click again to deny. A dash leaves it to each member’s role.
              </p>
            </div>
            <Controller
              control={control}
              name="permissions"
              render={({ field }) => (
                <PermissionMatrix
                  label={team ? `Permissions of ${team.name}` : 'Permissions of the new team'}
                  value={(field.value as PermissionSet | undefined) ?? {}}
                  onChange={field.onChange}
                  base={null}
                />
              )}
            />
          </section>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : team ? 'Save changes' : 'Create team'}
        </Button>
      </DialogFooter>
    </form>
  );
}
