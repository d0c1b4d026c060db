import { CircleCheck, CircleX, FlaskConical, Server } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ObjectDefinition } from '../../../../common/validation/objects';
import { CustomFieldInput } from '../../../components/custom-fields/custom-field-inputs';
import { customFieldDefaults } from '../../../components/custom-fields/validation';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useEntityTemplates, useValidateEntityData, type ValidationAnswer } from '../api';
import { useEntityDefinitions } from '../entity-definitions-query';
import { fieldVerdicts, toRecordData } from '../entity-test-model';
import { toCustomFieldDefinition } from '../object-record-type';
import { templateDefinition } from '../template-definition';

/** /entity-test (settings:manage): type values for an object's fields and see what each check says. */
export function EntityTestPage() {
  const definitions = useEntityDefinitions({ includeInactive: true });
  const templates = useEntityTemplates('all');
  const [choice, setChoice] = useState('');
  const objects = definitions.data?.items ?? [];
  const templateItems = templates.data?.items ?? [];
  const selected = useMemo((): ObjectDefinition | null => {
    const [kind, key] = [choice.slice(0, choice.indexOf(':')), choice.slice(choice.indexOf(':') + 1)];
    if (kind === 'object') return definitions.data?.items.find((item) => item.id === key) ?? null;
    const template = kind === 'template' ? templates.data?.items.find((item) => item.key === key) : undefined;
    return template ? templateDefinition(template) : null;
  }, [choice, definitions.data, templates.data]);
  const pending = definitions.isPending || templates.isPending;

  return (
    <PageContainer>
      <PageHeader
        title="Entity test"
        description="Pick an object or a template, type values into its fields and see each field's result as you type: the same check the server runs, and the server's own answer when you ask for it."
      />
      <div className="mt-6 flex flex-col gap-6">
        <FormField id="entity-test-object" label="Object" className="max-w-md">
          {pending ? (
            <Skeleton className="h-10 w-full" />
          ) : (
            <Select
              id="entity-test-object"
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">Choose an object or a template…</option>
              {objects.length > 0 ? (
                <optgroup label="Your objects">
                  {objects.map((item) => (
                    <option key={item.id} value={`object:${item.id}`}>
                      {item.pluralName}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {templateItems.length > 0 ? (
                <optgroup label="Templates">
                  {templateItems.map((item) => (
                    <option key={item.key} value={`template:${item.key}`}>
                      {item.pluralName} ({item.industry})
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </Select>
          )}
        </FormField>
        {definitions.isError || templates.isError ? (
          <FormError message={readApiError(definitions.error ?? templates.error).message} />
        ) : null}
        {selected ? (
          <Sandbox key={selected.id} definition={selected} fromTemplate={choice.startsWith('template:')} />
        ) : pending ? null : (
          <Card>
            <EmptyState
              icon={FlaskConical}
              title="Nothing to test yet"
              description="Choose one of your objects or a template above; its fields appear here as a form."
            />
          </Card>
        )}
      </div>
    </PageContainer>
  );
}

interface SandboxValues {
  customFields: Record<string, unknown>;
}

function Sandbox({ definition, fromTemplate }: { definition: ObjectDefinition; fromTemplate: boolean }) {
  const me = useSignedInUser();
  const idPrefix = useId();
  const fields = useMemo(
    () =>
      definition.fields
        .toSorted((a, b) => a.displayOrder - b.displayOrder)
        .map((field) => ({ field, custom: toCustomFieldDefinition(field, definition.entityType) })),
    [definition],
  );
  const { control } = useForm<SandboxValues>({
    defaultValues: {
      customFields: customFieldDefaults(
        fields.map((item) => item.custom),
        {},
      ),
    },
  });
  const values = useWatch({ control, name: 'customFields' });
  const data = useMemo(() => toRecordData(definition, values ?? {}), [definition, values]);
  const validate = useValidateEntityData(definition.id);
  const [server, setServer] = useState<{ sent: string; answer: ValidationAnswer } | null>(null);
  const sentNow = JSON.stringify(data);
  const current = server && server.sent === sentNow ? server.answer : null;
  const verdicts = fieldVerdicts(definition.fields, data, current);
  const invalid = verdicts.filter((verdict) => !verdict.browser.valid).length;

  const checkOnServer = () =>
    validate.mutate(data, { onSuccess: (answer) => setServer({ sent: sentNow, answer }) });

  if (fields.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={FlaskConical}
          title={`${definition.pluralName} has no fields`}
          description="Add fields in Settings › Objects to test them here."
        />
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>{definition.displayName}</CardTitle>
          <p className="mt-0.5 text-sm text-muted-foreground" aria-live="polite">
            {invalid === 0
              ? 'Every field is valid.'
              : `${invalid} ${invalid === 1 ? 'field needs' : 'fields need'} attention.`}
          </p>
        </div>
        {fromTemplate ? (
          <Notice className="max-w-sm">
            Add the template to your objects to check these values on the server.
          </Notice>
        ) : (
          <Button variant="secondary" onClick={checkOnServer} disabled={validate.isPending}>
            {validate.isPending ? <Spinner /> : <Server aria-hidden="true" />}
            Check on server
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {validate.isError ? <FormError message={readApiError(validate.error).message} /> : null}
        {server && !current ? (
          <p className="text-sm text-muted-foreground">
            The values changed since the server's answer: check again to compare.
          </p>
        ) : null}
        <ul className="flex flex-col divide-y divide-border">
          {fields.map(({ field, custom }) => {
            const verdict = verdicts.find((item) => item.fieldName === field.fieldName);
            return (
              <li
                key={field.id}
                className="grid gap-3 py-4 first:pt-0 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
                aria-label={field.displayName}
              >
                {/* Wrapped: a long text or a checkbox input spans its grid otherwise. */}
                <div className="grid min-w-0">
                  <CustomFieldInput
                    control={control}
                    field={custom}
                    id={`${idPrefix}-${field.fieldName}`}
                    currency={me.defaultCurrency}
                  />
                </div>
                {verdict ? (
                  <div className="flex flex-col gap-1.5 text-sm md:pt-7">
                    <Result label="Browser" valid={verdict.browser.valid} message={verdict.browser.message} />
                    {verdict.server ? (
                      <Result label="Server" valid={verdict.server.valid} message={verdict.server.message} />
                    ) : null}
                    {verdict.agree === false ? (
                      <Badge variant="danger">Browser and server disagree</Badge>
                    ) : null}
                    {verdict.browser.valid && verdict.browser.value !== null ? (
                      <p className="text-xs text-muted-foreground">
                        Stored as <code className="font-mono">{JSON.stringify(verdict.browser.value)}</code>
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
        {current && current.unknown.length > 0 ? (
          <FormError message={`Unknown fields: ${current.unknown.join(', ')}`} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function Result({ label, valid, message }: { label: string; valid: boolean; message: string | null }) {
  const Icon = valid ? CircleCheck : CircleX;
  return (
    <p className={cn('flex items-start gap-1.5', valid ? 'text-emerald-700' : 'text-destructive')}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-medium">{label}:</span> {valid ? 'Valid' : message}
      </span>
    </p>
  );
}
