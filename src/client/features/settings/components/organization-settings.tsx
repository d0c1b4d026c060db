import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { industrySectorValues } from '../../../../common/constants';
import { can } from '../../../../common/permissions';
import { updateOrganizationSettingsSchema } from '../../../../common/validation/organizations';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { applyApiErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { SampleDataCard } from '../../sample-data/components/sample-data-card';
import { type OrganizationSettings, useOrganization, useUpdateOrganization } from '../api';
import { movesDealOnSigning, withMoveDealOnSigning } from '../signing-settings';
import { LogoUpload } from './logo-upload';

const detailsSchema = updateOrganizationSettingsSchema.pick({
  name: true,
  industrySector: true,
  corporatePhone: true,
});

function detailsOf(organization: OrganizationSettings) {
  return {
    name: organization.name,
    industrySector: organization.industrySector,
    corporatePhone: organization.corporatePhone ?? '',
  };
}

/** Settings › Organization: editable with settings:update, read-only for everyone else. */
export function OrganizationSettingsSection() {
  const user = useSignedInUser();
  const canEdit = can(user, 'settings', 'update');
  const { data: organization, isPending, error } = useOrganization();

  if (isPending) return <OrganizationSkeleton />;
  if (!organization) {
    return <FormError message={`Could not load the organization settings: ${readApiError(error).message}`} />;
  }

  return (
    <div className="flex flex-col gap-6">
      {canEdit ? null : (
        <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            You can view these settings. Only users allowed to update settings, such as admins, can change
            them.
          </p>
        </div>
      )}
      <DetailsForm organization={organization} canEdit={canEdit} />
      <LogoUpload logo={organization.logo} organizationName={organization.name} canEdit={canEdit} />
      <SigningSettings organization={organization} canEdit={canEdit} />
      <EmailConfigurationLink />
      <PlanCard organization={organization} />
      <SampleDataCard />
    </div>
  );
}

interface SectionProps {
  organization: OrganizationSettings;
  canEdit: boolean;
}

function DetailsForm({ organization, canEdit }: SectionProps) {
  const update = useUpdateOrganization();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(detailsSchema), defaultValues: detailsOf(organization) });

  useEffect(() => reset(detailsOf(organization)), [organization, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      toast.success('Organization saved', { description: 'Your organization details were updated.' });
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['name', 'industrySector', 'corporatePhone']));
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label="Organization details">
        <CardHeader>
          <CardTitle>Organization details</CardTitle>
          <CardDescription>
            Your company as it appears across Locus and on documents you send.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset disabled={!canEdit} className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="org-name"
              label="Organization name"
              error={errors.name?.message}
              className="sm:col-span-2"
            >
              <Input
                {...fieldA11y('org-name', errors.name?.message)}
                autoComplete="organization"
                {...register('name')}
              />
            </FormField>
            <FormField
              id="org-industry"
              label="Industry sector"
              error={errors.industrySector?.message}
              hint="Chooses the guided tours, help articles and FAQ offered to your team."
            >
              <Select
                {...fieldA11y(
                  'org-industry',
                  errors.industrySector?.message,
                  'Chooses the guided tours, help articles and FAQ offered to your team.',
                )}
                {...register('industrySector')}
              >
                {industrySectorValues.map((sector) => (
                  <option key={sector} value={sector}>
                    {sector}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              id="org-phone"
              label="Corporate phone"
              labelAside="Optional"
              error={errors.corporatePhone?.message}
            >
              <Input
                {...fieldA11y('org-phone', errors.corporatePhone?.message)}
                type="tel"
                autoComplete="tel"
                {...register('corporatePhone')}
              />
            </FormField>
          </fieldset>
        </CardContent>
        {canEdit ? (
          <CardFooter>
            <FormError message={formError} className="sm:mr-auto" />
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? <Spinner /> : null}
              {isSubmitting ? 'Saving…' : 'Save details'}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}

/** What happens when a document is completed: saved as soon as the switch moves. */
function SigningSettings({ organization, canEdit }: SectionProps) {
  const update = useUpdateOrganization();
  const checked =
    update.isPending && update.variables.settings
      ? update.variables.settings.moveDealOnSigning === true
      : movesDealOnSigning(organization);
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-signature</CardTitle>
        <CardDescription>What Locus does when the last recipient has signed a document.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="org-move-deal-on-signing" className="text-sm font-medium">
              Move deals to Signed when a document is completed
            </label>
            <p id="org-move-deal-on-signing-hint" className="text-xs leading-5 text-muted-foreground">
              The document’s deal moves to its pipeline’s stage named “Signed”, if the pipeline has one.
            </p>
          </div>
          <Switch
            id="org-move-deal-on-signing"
            aria-describedby="org-move-deal-on-signing-hint"
            checked={checked}
            disabled={!canEdit || update.isPending}
            onCheckedChange={(value) =>
              update.mutate(
                { settings: withMoveDealOnSigning(organization.settings, value) },
                {
                  onSuccess: () =>
                    toast.success(
                      value
                        ? 'Deals move to Signed when a document is completed'
                        : 'Deals stay where they are when a document is completed',
                    ),
                  onError: (error) =>
                    toast.error('The setting was not saved', { description: readApiError(error).message }),
                },
              )
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}

/** The e-mail sender moved to Settings › Email Configuration, beside the server that sends. */
function EmailConfigurationLink() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail sender</CardTitle>
        <CardDescription>
          The name and address your clients see, and the server that sends your mail, are set in Email
          Configuration.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Link
          href="/settings/email-configuration"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Open Email Configuration
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardFooter>
    </Card>
  );
}

function PlanCard({ organization }: { organization: OrganizationSettings }) {
  const rows = [
    { label: 'Plan', value: organization.planType.charAt(0).toUpperCase() + organization.planType.slice(1) },
    { label: 'Active users allowed', value: String(organization.maxUsers) },
    { label: 'Workspace address', value: organization.subdomain ?? 'Not set' },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plan</CardTitle>
        <CardDescription>Managed by Locus. Contact support to change your plan.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          {rows.map((row) => (
            <div key={row.label} className="rounded-lg bg-muted/60 px-4 py-3">
              <dt className="text-xs font-medium text-muted-foreground">{row.label}</dt>
              <dd className="mt-1 truncate text-sm font-semibold">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function OrganizationSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      {[0, 1].map((key) => (
        <div key={key} className="rounded-xl border border-border bg-surface p-6">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-4 w-80 max-w-full" />
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
      ))}
    </div>
  );
}
