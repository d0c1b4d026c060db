import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { convertedDealName } from '../../../../common/converted-deal-name';
import { convertLeadSchema } from '../../../../common/validation/leads';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type Lead, useConvertLead } from '../api';

interface ConvertLeadDialogProps {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** deals:create: without it the deal option is not offered. */
  canCreateDeal: boolean;
}

/** "Convert to client": a client from the lead, and optionally a deal for it; then the client opens. */
export function ConvertLeadDialog({ lead, open, onOpenChange, canCreateDeal }: ConvertLeadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {open ? (
          <ConvertForm lead={lead} canCreateDeal={canCreateDeal} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ConvertForm({
  lead,
  canCreateDeal,
  onDone,
}: {
  lead: Lead;
  canCreateDeal: boolean;
  onDone: () => void;
}) {
  const [, navigate] = useLocation();
  const convert = useConvertLead(lead.id);
  const me = useSignedInUser();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(convertLeadSchema),
    // Off by default, as in the API: a conversion makes a client; a deal is asked for.
    defaultValues: { createDeal: false, dealName: undefined as string | undefined },
  });
  const createDeal = useWatch({ control, name: 'createDeal' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await convert.mutateAsync(values.createDeal ? values : { createDeal: false });
      toast.success('Lead converted', {
        description: result.deal
          ? `${result.client.displayName} is now a client, with the deal “${result.deal.dealName}”.`
          : `${result.client.displayName} is now a client.`,
      });
      onDone();
      navigate(`/clients/${result.client.id}`);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['createDeal', 'dealName']));
    }
  });
  const dealNameError = errorText(errors.dealName);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      aria-label="Convert to client"
    >
      <DialogHeader>
        <DialogTitle>Convert {lead.fullName} to a client</DialogTitle>
        <DialogDescription>
          The client keeps the lead’s owner and tags; the lead is marked Converted and links to it.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        {canCreateDeal ? (
          <>
            <div className="flex items-start gap-3">
              <Controller
                control={control}
                name="createDeal"
                render={({ field }) => (
                  <Checkbox
                    id="convert-create-deal"
                    className="mt-0.5"
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              <div>
                <Label htmlFor="convert-create-deal">Also create a deal</Label>
                <p className="text-sm text-muted-foreground">In the first stage of your default pipeline.</p>
              </div>
            </div>
            {createDeal ? (
              <FormField
                id="convert-deal-name"
                label="Deal name"
                labelAside="Optional"
                error={dealNameError}
                hint="Leave empty to name it after the lead."
              >
                <Input
                  {...fieldA11y('convert-deal-name', dealNameError, 'Leave empty to name it after the lead.')}
                  placeholder={convertedDealName(lead.fullName, me.organizationIndustry ?? me.industrySector)}
                  {...register('dealName', {
                    setValueAs: (value: unknown) =>
                      typeof value === 'string' && value.trim() === '' ? undefined : value,
                  })}
                />
              </FormField>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">A client record is created from this lead.</p>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : <ArrowRightLeft aria-hidden="true" />}
          {isSubmitting ? 'Converting…' : 'Convert to client'}
        </Button>
      </DialogFooter>
    </form>
  );
}
