import { zodResolver } from '@hookform/resolvers/zod';
import { Calculator, Landmark } from 'lucide-react';
import { type ComponentProps, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { can } from '../../../../common/permissions';
import { hasExpectedFeeField, saleTypes, surplusFieldKeys } from '../../../../common/surplus';
import { createDealSchema, updateDealSchema } from '../../../../common/validation/deals';
import { CustomFieldInputs } from '../../../components/custom-fields/custom-field-inputs';
import {
  type CustomFieldDefinitions,
  useCustomFieldDefinitions,
} from '../../../components/custom-fields/use-custom-field-definitions';
import {
  type CheckableField,
  customFieldPaths,
  customFieldsSchema,
} from '../../../components/custom-fields/validation';
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
import { stateOptions } from '../../../components/state-options';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { useLeadSourceNames, useRevenueTypeNames } from '../../../components/data-table/use-record-options';
import { isReloaded } from '../../../lib/api';
import { changedFields } from '../../../lib/changed-fields';
import { reloadedMessage, toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type Deal, type Stage, useCreateDeal, useStateRules, useUpdateDeal } from '../api';
import { formatMoney, localToday } from '../deal-format';
import {
  type DealFormValues,
  dealFormFields,
  dealValuePlaceholder,
  hasSurplusCase,
  liveSurplus,
  sendsSurplusCase,
  surplusFormPaths,
  toCustomFieldsInput,
  toFormValues,
} from '../deal-form-model';
import { RecordFieldInput } from '../../records/record-field-input';
import { FormLoading } from '../../records/record-form-dialog';
import type { RecordField } from '../../records/record-form-description';
import { useRecordChoices } from '../../records/use-record-choices';
import { dealFormDescription } from '../deal-record-type';
import { ClientPicker } from './client-picker';
import { TagInput } from './tag-input';

export function isSurplusOrganization(user: {
  organizationIndustry?: string | null;
  industrySector?: string | null;
}) {
  const sector = user.organizationIndustry ?? user.industrySector;
  return !sector || sector === 'Surplus Funds Locator';
}

interface DealFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stages a new deal can start in (the selected pipeline's). */
  stages: Stage[];
  /** The pipelines are still loading: a new deal's first stage is not known yet. */
  stagesLoading?: boolean;
  /** Edit this deal; a new deal otherwise. */
  deal?: Deal | null;
  /** Opened by a guided tour: not modal, so the tour's card stays usable beside it. */
  tourMode?: boolean;
  onSaved?: (deal: Deal) => void;
}

export function DealFormDialog({
  open,
  onOpenChange,
  stages,
  stagesLoading = false,
  deal,
  tourMode = false,
  onSaved,
}: DealFormDialogProps) {
  const definitions = useCustomFieldDefinitions('deal', { enabled: open });
  // The form starts once its defaults are known: the organization's own fields (their defaults
  // and rules) and the pipeline's first stage. The form reads its defaults only once.
  const ready = (!definitions.isPending || definitions.isError) && !stagesLoading;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={!tourMode}>
      <DialogContent
        size="lg"
        onInteractOutside={(event) => {
          if (tourMode) event.preventDefault();
        }}
        className={cn(tourMode && 'shadow-[0_0_0_100vmax_rgba(2,6,23,0.35)]')}
      >
        {open && ready ? (
          <DealForm
            deal={deal ?? null}
            stages={stages}
            definitions={definitions}
            onDone={() => onOpenChange(false)}
            onSaved={onSaved}
          />
        ) : open ? (
          <FormLoading />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The surplus case is laid out by this form; other custom fields come from the shared renderer. */
const surplusKeyList = Object.values(surplusFieldKeys);

const topFields = [
  'dealName',
  'stage',
  'dealValue',
  'closeProbability',
  'expectedCloseDate',
  'assignedOwner',
  'relatedClient',
  'leadSource',
  'dealType',
  'notes',
  'tags',
] as const;

/** The shared deal schema, with the organization's custom field rules (PATCH semantics on an edit). */
function dealSchema(editing: boolean, fields: readonly CheckableField[]) {
  return (editing ? updateDealSchema : createDealSchema).extend({
    customFields: customFieldsSchema(fields, { partial: editing }),
  });
}

/**
 * Validates with the shared zod schema (messages as the spec words them) but keeps the typed
 * values. The custom fields are checked as they will be sent (the surplus and fee computed, an
 * empty case left out), so the browser reports what the server would.
 */
function schemaResolver(
  schema: ReturnType<typeof dealSchema>,
  customFieldsInput: (values: DealFormValues['customFields']) => Record<string, unknown>,
): Resolver<DealFormValues> {
  const validate = zodResolver(schema) as unknown as Resolver<DealFormValues>;
  return async (values, context, options) => {
    const sent = { ...values, customFields: customFieldsInput(values.customFields) } as DealFormValues;
    const result = await validate(sent, context, options);
    return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
  };
}

interface DealFormProps {
  deal: Deal | null;
  stages: Stage[];
  definitions: CustomFieldDefinitions;
  onDone: () => void;
  onSaved?: (deal: Deal) => void;
}

function DealForm({ deal, stages, definitions, onDone, onSaved }: DealFormProps) {
  const me = useSignedInUser();
  const mayReadClients = can(me, 'clients', 'read');
  const editing = deal !== null;
  const showSurplus = isSurplusOrganization(me) || hasSurplusCase((deal?.customFields ?? {}) as never);
  const createDeal = useCreateDeal();
  const updateDeal = useUpdateDeal();
  const leadSources = useLeadSourceNames();
  const revenueTypes = useRevenueTypeNames();
  const choices = useRecordChoices({ sources: leadSources, revenueTypes });
  const stateRules = useStateRules(showSurplus);
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useMemo(() => dealFormFields(definitions.all, showSurplus), [definitions.all, showSurplus]);
  // With the surplus template an empty deal value is stored as the expected fee (the server decides).
  const followsFee = hasExpectedFeeField(fields);
  const defaultValues = useMemo(
    () => toFormValues(deal, { stage: stages[0]?.name ?? '', ownerId: me.id }, fields),
    [deal, stages, me.id, fields],
  );
  // The deal and values the form opened with (as react-hook-form keeps them): what the user's
  // changes are measured against and sent on, even if the deal is refetched meanwhile.
  const [openedWith] = useState(() => ({ deal, defaultValues }));
  const schema = useMemo(() => dealSchema(editing, fields), [editing, fields]);
  const ruleOf = (state: unknown) => {
    const code = String(state ?? '')
      .trim()
      .toUpperCase();
    return stateRules.data?.find((r) => r.state === code) ?? null;
  };
  const customFieldsInput = (values: DealFormValues['customFields']) =>
    toCustomFieldsInput(values, ruleOf(values.state), localToday(), {
      includeSurplus: sendsSurplusCase(values, { showSurplus, editing, fields }),
      fields,
    });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DealFormValues>({ resolver: schemaResolver(schema, customFieldsInput), defaultValues });
  useUnsavedChanges(isDirty);

  const surplusValues = useWatch({ control, name: 'customFields' });
  const rule = ruleOf(surplusValues?.state);
  const live = liveSurplus(surplusValues ?? {}, rule);

  // The claim deadline follows the state's claim window while it is blank or the window's date
  // (also a saved deal's, as the server does), until the user types their own date.
  const lastSuggestion = useRef<string | null>(null);
  useEffect(() => {
    if (!live.suggestedDeadline) return;
    const previous = lastSuggestion.current;
    lastSuggestion.current = live.suggestedDeadline;
    const current = getValues(`customFields.${surplusFieldKeys.claimDeadline}`);
    if (!current || current === previous) {
      setValue(`customFields.${surplusFieldKeys.claimDeadline}`, live.suggestedDeadline);
    }
  }, [live.suggestedDeadline, getValues, setValue, lastSuggestion]);

  // The API input a form's values make (the stage is changed with the stage bar, not here).
  const bodyOf = (form: DealFormValues) => ({
    ...form,
    stage: undefined,
    dealName: form.dealName.trim(),
    customFields: customFieldsInput(form.customFields),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const { stage } = values;
    const body = bodyOf(values);
    try {
      if (editing) {
        // Only what the user changed: a field someone else saved meanwhile is not written back.
        const saved = await updateDeal.mutateAsync({
          deal: openedWith.deal ?? deal,
          input: changedFields(bodyOf(openedWith.defaultValues), body),
        });
        if (isReloaded(saved)) toast(reloadedMessage, { description: saved.dealName });
        else toast.success('Deal updated', { description: saved.dealName });
        onSaved?.(saved);
        onDone();
        return;
      }
      const saved = await createDeal.mutateAsync({ ...body, stage, tags: values.tags });
      toast.success('Deal created', { description: saved.dealName });
      onSaved?.(saved);
      onDone();
    } catch (error) {
      // Only fields on screen: a message placed on a field not shown would be lost.
      const paths = [...topFields, ...customFieldPaths(fields), ...(showSurplus ? surplusFormPaths : [])];
      setFormError(applyApiErrors(error, setError, paths as never));
    }
  });

  const err = (name: (typeof topFields)[number]) => errorText(errors[name]);
  const { fields: plainFields, idPrefix } = dealFormDescription;
  const plain = (field: RecordField) => (
    <RecordFieldInput field={field} control={control} idPrefix={idPrefix} choices={choices} />
  );
  const cfErr = (key: string) =>
    errorText((errors.customFields as Record<string, { message?: string }> | undefined)?.[key]);
  const k = surplusFieldKeys;
  const overridden = surplusValues?.surplusAmountOverridden === true;

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit deal' : 'New deal'}</DialogTitle>
        <DialogDescription>
          {showSurplus
            ? 'One deal per surplus case: the property, the sale, the claimant and your fee.'
            : 'What the deal is worth, where it stands and who it is with.'}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="deal-name" label="Deal name" error={err('dealName')} className="sm:col-span-2">
            <Input
              {...fieldA11y('deal-name', err('dealName'))}
              {...register('dealName')}
              placeholder={showSurplus ? '123 Oak St – Smith – 2024-CA-001234' : 'Website redesign for Acme'}
              autoFocus
            />
          </FormField>
          {/* Clients are hidden from whoever may not read them, and so is the link to one. */}
          {mayReadClients ? (
            <div data-tour="client-selection" className="sm:col-span-2">
              <FormField
                id="deal-client"
                label="Related client"
                labelAside="Optional"
                error={err('relatedClient')}
              >
                <Controller
                  control={control}
                  name="relatedClient"
                  render={({ field }) => (
                    <ClientPicker
                      id="deal-client"
                      value={field.value}
                      selectedName={deal?.relatedClientName}
                      onChange={(id) => field.onChange(id)}
                      invalid={Boolean(err('relatedClient'))}
                      describedBy={err('relatedClient') ? 'deal-client-error' : undefined}
                    />
                  )}
                />
              </FormField>
            </div>
          ) : null}
          {editing ? null : (
            <FormField id="deal-stage" label="Stage" error={err('stage')}>
              <Select {...fieldA11y('deal-stage', err('stage'))} {...register('stage')}>
                <option value="">Choose a stage</option>
                {stages.map((stage) => (
                  <option key={stage.id} value={stage.name}>
                    {stage.name}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          {plain(plainFields.owner)}
          <FormField
            id="deal-value"
            label="Deal value"
            labelAside="USD"
            error={err('dealValue')}
            hint={followsFee ? 'Left empty, it follows the expected fee' : undefined}
          >
            <Input
              {...fieldA11y('deal-value', err('dealValue'), followsFee ? 'hint' : undefined)}
              {...register('dealValue')}
              inputMode="decimal"
              placeholder={dealValuePlaceholder(followsFee, live.expectedFee)}
            />
          </FormField>
          {plain(plainFields.closeProbability)}
          {plain(plainFields.expectedCloseDate)}
          {plain(plainFields.leadSource)}
          {plain({ ...plainFields.dealType, placeholder: `e.g. ${revenueTypes[0] ?? 'Recovery fee'}` })}
        </div>

        {showSurplus ? (
          <section
            className="flex flex-col gap-4 rounded-xl border border-border bg-muted/30 p-4"
            aria-labelledby="surplus-case-heading"
          >
            <div className="flex items-center gap-2">
              <Landmark className="size-4 text-primary" aria-hidden="true" />
              <h3 id="surplus-case-heading" className="text-sm font-semibold">
                Surplus case
              </h3>
            </div>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-6">
              <div data-tour="property-address-field" className="col-span-2 sm:col-span-6">
                <FormField
                  id="deal-property-address"
                  label="Property address"
                  error={cfErr(k.propertyAddress)}
                >
                  <Input
                    {...fieldA11y('deal-property-address', cfErr(k.propertyAddress))}
                    {...register(`customFields.${k.propertyAddress}`)}
                    placeholder="123 Main St, Tampa, FL 33602"
                  />
                </FormField>
              </div>
              <FormField
                id="deal-county"
                label="County"
                error={cfErr(k.county)}
                className="col-span-2 sm:col-span-3"
              >
                <Input
                  {...fieldA11y('deal-county', cfErr(k.county))}
                  {...register(`customFields.${k.county}`)}
                  placeholder="Hillsborough"
                />
              </FormField>
              <FormField id="deal-state" label="State" error={cfErr(k.state)} className="col-span-1">
                <Select {...fieldA11y('deal-state', cfErr(k.state))} {...register(`customFields.${k.state}`)}>
                  <option value="">—</option>
                  {stateOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.value}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                id="deal-sale-type"
                label="Sale type"
                error={cfErr(k.saleType)}
                className="col-span-1 sm:col-span-2"
              >
                <Select
                  {...fieldA11y('deal-sale-type', cfErr(k.saleType))}
                  {...register(`customFields.${k.saleType}`)}
                >
                  <option value="">Choose…</option>
                  {saleTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                id="deal-case-number"
                label="Case number"
                error={cfErr(k.caseNumber)}
                className="col-span-1 sm:col-span-2"
              >
                <Input
                  {...fieldA11y('deal-case-number', cfErr(k.caseNumber))}
                  {...register(`customFields.${k.caseNumber}`)}
                />
              </FormField>
              <FormField
                id="deal-parcel-number"
                label="Parcel number"
                error={cfErr(k.parcelNumber)}
                className="col-span-1 sm:col-span-2"
              >
                <Input
                  {...fieldA11y('deal-parcel-number', cfErr(k.parcelNumber))}
                  {...register(`customFields.${k.parcelNumber}`)}
                />
              </FormField>
              <FormField
                id="deal-sale-date"
                label="Sale date"
                error={cfErr(k.saleDate)}
                className="col-span-2"
              >
                <Input
                  {...fieldA11y('deal-sale-date', cfErr(k.saleDate))}
                  {...register(`customFields.${k.saleDate}`)}
                  type="date"
                />
              </FormField>
            </div>

            <div
              data-tour="surplus-amounts-fields"
              className="grid gap-4 rounded-lg border border-border bg-surface p-4 sm:grid-cols-3"
              role="group"
              aria-labelledby="surplus-amounts-heading"
            >
              <div className="flex items-center gap-2 sm:col-span-3">
                <Calculator className="size-4 text-muted-foreground" aria-hidden="true" />
                <h4 id="surplus-amounts-heading" className="text-sm font-semibold">
                  Amounts
                </h4>
              </div>
              <FormField id="deal-winning-bid" label="Winning bid" error={cfErr(k.winningBid)}>
                <MoneyInput
                  id="deal-winning-bid"
                  error={cfErr(k.winningBid)}
                  {...register(`customFields.${k.winningBid}`)}
                />
              </FormField>
              <FormField id="deal-total-debt" label="Total debt / judgment" error={cfErr(k.totalDebt)}>
                <MoneyInput
                  id="deal-total-debt"
                  error={cfErr(k.totalDebt)}
                  {...register(`customFields.${k.totalDebt}`)}
                />
              </FormField>
              <FormField id="deal-senior-liens" label="Senior liens" error={cfErr(k.seniorLiens)}>
                <MoneyInput
                  id="deal-senior-liens"
                  error={cfErr(k.seniorLiens)}
                  {...register(`customFields.${k.seniorLiens}`)}
                />
              </FormField>
              <div className="flex flex-col gap-1.5 sm:col-span-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium" id="deal-surplus-label">
                    Surplus amount
                  </span>
                  <label className="flex items-center gap-2 text-xs text-muted-foreground">
                    <Controller
                      control={control}
                      name={`customFields.${k.surplusAmountOverridden}`}
                      render={({ field }) => (
                        <Switch
                          checked={field.value === true}
                          onCheckedChange={(checked) => {
                            field.onChange(checked);
                            if (
                              checked &&
                              live.surplus !== null &&
                              !getValues(`customFields.${k.surplusAmount}`)
                            ) {
                              setValue(`customFields.${k.surplusAmount}`, String(live.surplus));
                            }
                          }}
                          aria-label="Override the computed surplus"
                        />
                      )}
                    />
                    Override with the court's figure
                  </label>
                </div>
                {overridden ? (
                  <MoneyInput
                    id="deal-surplus-amount"
                    aria-labelledby="deal-surplus-label"
                    error={cfErr(k.surplusAmount)}
                    {...register(`customFields.${k.surplusAmount}`)}
                  />
                ) : (
                  <output
                    aria-labelledby="deal-surplus-label"
                    data-testid="computed-surplus"
                    aria-live="polite"
                    className="flex h-10 items-center justify-between rounded-lg border border-dashed border-border bg-muted/50 px-3 text-sm"
                  >
                    <span className="font-semibold tabular-nums">{formatMoney(live.surplus)}</span>
                    <span className="text-xs text-muted-foreground">Winning bid − debt − liens</span>
                  </output>
                )}
                {live.shortfall ? (
                  <p className="text-xs font-medium text-amber-700">
                    No surplus: debt and liens exceed the winning bid
                  </p>
                ) : null}
                {cfErr(k.surplusAmount) && !overridden ? (
                  <p className="text-xs font-medium text-destructive">{cfErr(k.surplusAmount)}</p>
                ) : null}
              </div>
              <FormField
                id="deal-claim-deadline"
                label="Claim deadline"
                error={cfErr(k.claimDeadline)}
                hint={
                  rule?.claimWindowDays
                    ? `${rule.state}: ${rule.claimWindowDays} days from the sale`
                    : undefined
                }
              >
                <Input
                  {...fieldA11y(
                    'deal-claim-deadline',
                    cfErr(k.claimDeadline),
                    rule?.claimWindowDays ? 'hint' : undefined,
                  )}
                  {...register(`customFields.${k.claimDeadline}`)}
                  type="date"
                />
              </FormField>
              <FormField
                id="deal-fee-percent"
                label="Locator fee %"
                error={cfErr(k.locatorFeePercent)}
                hint={
                  rule?.feeCapPercent !== null && rule?.feeCapPercent !== undefined
                    ? `${rule.state} cap: ${rule.feeCapPercent}%`
                    : undefined
                }
              >
                <Input
                  {...fieldA11y(
                    'deal-fee-percent',
                    cfErr(k.locatorFeePercent),
                    rule?.feeCapPercent !== null && rule?.feeCapPercent !== undefined ? 'hint' : undefined,
                  )}
                  {...register(`customFields.${k.locatorFeePercent}`)}
                  inputMode="decimal"
                  placeholder="30"
                />
              </FormField>
              <div className="flex flex-col gap-1.5">
                <span className="text-sm font-medium" id="deal-expected-fee-label">
                  Expected fee
                </span>
                <output
                  aria-labelledby="deal-expected-fee-label"
                  data-testid="computed-fee"
                  aria-live="polite"
                  className="flex h-10 items-center rounded-lg border border-dashed border-emerald-300 bg-emerald-50/60 px-3 text-sm font-semibold text-emerald-800 tabular-nums"
                >
                  {formatMoney(live.expectedFee)}
                </output>
                {cfErr(k.expectedFee) ? (
                  <p className="text-xs font-medium text-destructive">{cfErr(k.expectedFee)}</p>
                ) : null}
              </div>
              {rule?.feeCapPercent !== null &&
              rule?.feeCapPercent !== undefined &&
              Number(surplusValues?.locatorFeePercent) > rule.feeCapPercent ? (
                <p
                  role="status"
                  className="rounded-md bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800 sm:col-span-3"
                >
                  The fee is above the {rule.feeCapPercent}% cap you recorded for {rule.state}. You can still
                  save it.
                </p>
              ) : null}
            </div>
          </section>
        ) : null}

        <CustomFieldInputs
          control={control}
          entityType="deal"
          definitions={definitions}
          exclude={surplusKeyList}
          currency={me.defaultCurrency}
        />

        <div className="grid gap-4">
          <FormField id="deal-tags" label="Tags" labelAside="Optional">
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagInput id="deal-tags" value={field.value} onChange={field.onChange} />
              )}
            />
          </FormField>
          {plain(plainFields.notes)}
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {editing ? 'Save changes' : 'Create deal'}
        </Button>
      </DialogFooter>
    </form>
  );
}

type MoneyInputProps = ComponentProps<'input'> & { id: string; error?: string };

function MoneyInput({ id, error, className, ...props }: MoneyInputProps) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
        $
      </span>
      <Input
        {...fieldA11y(id, error)}
        inputMode="decimal"
        placeholder="0.00"
        className={cn('pl-7 tabular-nums', className)}
        {...props}
      />
    </div>
  );
}
