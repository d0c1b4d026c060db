import { Check, LayoutTemplate, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type EntityTemplate, useEntityTemplates, useInstallEntityTemplate } from '../api';
import { ObjectIcon } from './object-icon';

/** The organization's sector templates, each with its fields and a one-click Add. */
export function ObjectTemplates() {
  const templates = useEntityTemplates();
  const install = useInstallEntityTemplate();

  const add = (template: EntityTemplate) =>
    install.mutate(template.key, {
      onSuccess: (definition) =>
        toast.success(`${definition.pluralName} added`, {
          description: `${definition.pluralName} is ready with its ${definition.fields.length} fields.`,
        }),
      onError: (error) => toast.error('Error', { description: readApiError(error).message }),
    });

  const items = templates.data?.items ?? [];
  return (
    <section aria-labelledby="object-templates-title" className="flex flex-col gap-3">
      <div>
        <h3 id="object-templates-title" className="text-base font-semibold">
          Add from template
        </h3>
        <p className="text-sm text-muted-foreground">
          Ready-made objects for your line of business, with their fields. Change them freely once added.
        </p>
      </div>
      {templates.isPending ? (
        <div
          role="status"
          className="grid gap-3 md:grid-cols-2"
          aria-busy="true"
          aria-label="Loading templates"
        >
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : templates.isError ? (
        <FormError message={`Could not load the templates: ${readApiError(templates.error).message}`} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={LayoutTemplate}
            title="No templates for your sector"
            description="Create your own object instead."
          />
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {items.map((template) => (
            <li key={template.key}>
              <TemplateCard
                template={template}
                pending={install.isPending && install.variables === template.key}
                disabled={install.isPending}
                onAdd={() => add(template)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TemplateCard({
  template,
  pending,
  disabled,
  onAdd,
}: {
  template: EntityTemplate;
  pending: boolean;
  disabled: boolean;
  onAdd: () => void;
}) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" aria-label={`${template.pluralName} template`}>
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <ObjectIcon name={template.iconName} className="size-4.5" />
        </span>
        <div className="min-w-0 flex-1">
          <h4 className="text-sm font-semibold">{template.pluralName}</h4>
          <p className="text-sm text-muted-foreground">{template.description}</p>
        </div>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={`Fields of ${template.pluralName}`}>
        {template.fields.map((field) => (
          <li key={field.fieldName}>
            <Badge>{field.displayName}</Badge>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex items-center justify-end gap-2 pt-1">
        {template.installed ? (
          <>
            <Badge variant="success">
              <Check className="size-3" aria-hidden="true" />
              Added
            </Badge>
            <Link
              href={`/settings/objects?object=${encodeURIComponent(template.entityType)}`}
              className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            >
              Edit fields<span className="sr-only"> of {template.pluralName}</span>
            </Link>
          </>
        ) : (
          <Button size="sm" onClick={onAdd} disabled={disabled} aria-label={`Add ${template.pluralName}`}>
            {pending ? <Spinner /> : <Plus aria-hidden="true" />}
            {pending ? 'Adding…' : 'Add'}
          </Button>
        )}
      </div>
    </Card>
  );
}
