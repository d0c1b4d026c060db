import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
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
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  fieldsOf,
  importEntityLabels,
  importEntityTypes,
  type ImportEntityType,
  type PollingIntegration,
  useImportFields,
  useSavePollingIntegration,
} from '../api';
import {
  emptyPollingForm,
  intervalChoices,
  type PollingFormValues,
  pollingFormErrors,
  pollingFormOf,
  pollingInputOf,
} from '../polling-form';
import { FieldOptions } from './column-mapping';

interface PollingIntegrationDialogProps {
  /** The integration edited, 'new' to add one, null when closed. */
  integration: PollingIntegration | 'new' | null;
  onOpenChange: (open: boolean) => void;
}

/** Create or edit a scheduled import: where to fetch, how often, into what, and the column mapping. */
export function PollingIntegrationDialog({ integration, onOpenChange }: PollingIntegrationDialogProps) {
  const open = integration !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent size="lg">
          <PollingForm
            key={integration === 'new' ? 'new' : integration.id}
            integration={integration === 'new' ? null : integration}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PollingForm({
  integration,
  onDone,
}: {
  integration: PollingIntegration | null;
  onDone: () => void;
}) {
  const [values, setValues] = useState<PollingFormValues>(() =>
    integration ? pollingFormOf(integration) : emptyPollingForm(),
  );
  const [tried, setTried] = useState(false);
  const save = useSavePollingIntegration();
  const fields = fieldsOf(useImportFields(values.entityType).data);
  const local = tried ? pollingFormErrors(values) : {};
  const server = save.error ? readApiError(save.error) : null;
  const errorOf = (key: keyof PollingFormValues, path: string = key) =>
    local[key] ?? server?.fieldErrors[path];
  const set = <K extends keyof PollingFormValues>(key: K, value: PollingFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    setTried(true);
    if (Object.keys(pollingFormErrors(values)).length > 0) return;
    save.mutate(
      { id: integration?.id ?? null, input: pollingInputOf(values) },
      {
        onSuccess: () => {
          toast.success(integration ? 'Scheduled import saved' : 'Scheduled import added');
          onDone();
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{integration ? 'Edit scheduled import' : 'New scheduled import'}</DialogTitle>
        <DialogDescription>
          Locus fetches a CSV or JSON address on a schedule and imports it with this mapping. Rows with an id
          seen before update their record instead of adding another.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormField id="polling-name" label="Name" error={errorOf('name')}>
          <Input
            {...fieldA11y('polling-name', errorOf('name'))}
            value={values.name}
            maxLength={200}
            placeholder="County excess-proceeds list"
            onChange={(event) => set('name', event.target.value)}
          />
        </FormField>
        <FormField id="polling-url" label="URL" error={errorOf('url', 'config.url')}>
          <Input
            {...fieldA11y('polling-url', errorOf('url', 'config.url'))}
            type="url"
            inputMode="url"
            value={values.url}
            maxLength={2000}
            placeholder="https://county.example.gov/surplus.csv"
            onChange={(event) => set('url', event.target.value)}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="polling-format" label="Format">
            <Select
              id="polling-format"
              value={values.format}
              onChange={(event) => set('format', event.target.value as 'csv' | 'json')}
            >
              <option value="csv">CSV</option>
              <option value="json">JSON (array of objects)</option>
            </Select>
          </FormField>
          <FormField id="polling-interval" label="How often">
            <Select
              id="polling-interval"
              value={values.intervalMinutes}
              onChange={(event) => set('intervalMinutes', event.target.value)}
            >
              {intervalChoices.map((choice) => (
                <option key={choice.minutes} value={String(choice.minutes)}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="polling-entity" label="Import into">
            <Select
              id="polling-entity"
              value={values.entityType}
              onChange={(event) =>
                // The mapping names fields of one entity: another entity keeps the columns, not the fields.
                setValues((current) => ({
                  ...current,
                  entityType: event.target.value as ImportEntityType,
                  lines: current.lines.map((line) => ({ ...line, field: '' })),
                }))
              }
            >
              {importEntityTypes.map((type) => (
                <option key={type} value={type}>
                  {importEntityLabels[type].other[0]?.toUpperCase()}
                  {importEntityLabels[type].other.slice(1)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField
          id="polling-external-id"
          label="External id column"
          error={errorOf('externalIdColumn', 'config.externalIdColumn')}
          hint="The column that names each row for good (a case number, a parcel id)."
        >
          <Input
            {...fieldA11y(
              'polling-external-id',
              errorOf('externalIdColumn', 'config.externalIdColumn'),
              'hint',
            )}
            value={values.externalIdColumn}
            maxLength={200}
            placeholder="Case number"
            onChange={(event) => set('externalIdColumn', event.target.value)}
          />
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Column mapping</legend>
          <ul className="flex flex-col gap-2">
            {values.lines.map((line, index) => (
              // Lines have no identity beyond their place; removing one re-renders those after it.
              <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
                <Input
                  aria-label={`Column ${index + 1}`}
                  value={line.column}
                  maxLength={200}
                  placeholder="Column in the file"
                  onChange={(event) =>
                    set(
                      'lines',
                      values.lines.map((l, i) => (i === index ? { ...l, column: event.target.value } : l)),
                    )
                  }
                />
                <Select
                  aria-label={`Field for column ${index + 1}`}
                  value={line.field}
                  onChange={(event) =>
                    set(
                      'lines',
                      values.lines.map((l, i) => (i === index ? { ...l, field: event.target.value } : l)),
                    )
                  }
                >
                  <option value="">Choose a field…</option>
                  <FieldOptions fields={fields} />
                </Select>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove column ${index + 1}`}
                  disabled={values.lines.length === 1}
                  onClick={() =>
                    set(
                      'lines',
                      values.lines.filter((_, i) => i !== index),
                    )
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => set('lines', [...values.lines, { column: '', field: '' }])}
            >
              <Plus aria-hidden="true" />
              Add column
            </Button>
          </div>
          {errorOf('lines', 'fieldMappings') ? (
            <p className="text-xs font-medium text-destructive">{errorOf('lines', 'fieldMappings')}</p>
          ) : null}
        </fieldset>
        {server && Object.keys(server.fieldErrors).length === 0 ? (
          <FormError message={server.message} />
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {integration ? 'Save' : 'Add scheduled import'}
        </Button>
      </DialogFooter>
    </form>
  );
}
