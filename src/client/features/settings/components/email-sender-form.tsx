import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { organizationEmailSettingsSchema } from '../../../../common/validation/organizations';
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
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { applyApiErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { type OrganizationSettings, useUpdateOrganization } from '../api';

function emailOf(organization: OrganizationSettings) {
  return {
    emailFromName: organization.emailFromName ?? '',
    emailFromAddress: organization.emailFromAddress ?? '',
    emailReplyTo: organization.emailReplyTo ?? '',
    emailSignature: organization.emailSignature ?? '',
  };
}

interface SectionProps {
  organization: OrganizationSettings;
  canEdit: boolean;
}

const emailFields = ['emailFromName', 'emailFromAddress', 'emailReplyTo', 'emailSignature'] as const;

/** The organization's sender (spec §5 messages), saved through PATCH /api/organization. */
export function EmailSenderForm({ organization, canEdit }: SectionProps) {
  const update = useUpdateOrganization();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(organizationEmailSettingsSchema),
    defaultValues: emailOf(organization),
  });

  useEffect(() => reset(emailOf(organization)), [organization, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      toast.success('E-mail sender saved', { description: 'Messages from Locus will use these details.' });
    } catch (error) {
      setFormError(applyApiErrors(error, setError, emailFields));
    }
  });

  const error = (name: (typeof emailFields)[number]) => errors[name]?.message;

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label="E-mail sender">
        <CardHeader>
          <CardTitle>Sender</CardTitle>
          <CardDescription>
            The name and address your clients see on e-mails and signature requests sent from Locus.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset disabled={!canEdit} className="grid gap-5 sm:grid-cols-2">
            <FormField id="org-from-name" label="From name" error={error('emailFromName')}>
              <Input
                {...fieldA11y('org-from-name', error('emailFromName'))}
                placeholder="Acme Recovery"
                {...register('emailFromName')}
              />
            </FormField>
            <FormField id="org-from-address" label="From address" error={error('emailFromAddress')}>
              <Input
                {...fieldA11y('org-from-address', error('emailFromAddress'))}
                type="email"
                inputMode="email"
                placeholder="claims@acme.com"
                {...register('emailFromAddress')}
              />
            </FormField>
            <FormField
              id="org-reply-to"
              label="Reply-to address"
              labelAside="Optional"
              error={error('emailReplyTo')}
              className="sm:col-span-2"
            >
              <Input
                {...fieldA11y('org-reply-to', error('emailReplyTo'))}
                type="email"
                inputMode="email"
                placeholder="Where replies should go, if not the from address"
                {...register('emailReplyTo')}
              />
            </FormField>
            <FormField
              id="org-signature"
              label="Signature"
              labelAside="Optional"
              error={error('emailSignature')}
              className="sm:col-span-2"
            >
              <Textarea
                {...fieldA11y('org-signature', error('emailSignature'))}
                rows={4}
                placeholder={'Jane Doe\nAcme Recovery · (555) 123-4567'}
                {...register('emailSignature')}
              />
            </FormField>
          </fieldset>
        </CardContent>
        {canEdit ? (
          <CardFooter>
            <FormError message={formError} className="sm:mr-auto" />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              {isSubmitting ? 'Saving…' : 'Save sender'}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
