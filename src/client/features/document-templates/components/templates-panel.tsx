import { BookOpen, FileText, LayoutTemplate, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { industrySectorValues } from '../../../../common/constants';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { type TemplateFilters, useTemplates } from '../api';
import { templateTypeLabel, templateTypeSuggestions } from '../template-types';
import { TemplateLibraryDialog } from './template-library-dialog';

/** The "Templates" tab of /documents/management: the organization's templates and the library. */
export function TemplatesPanel() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TemplateFilters>({});
  const [libraryOpen, setLibraryOpen] = useState(false);
  const templates = useTemplates({ ...filters, search: search.trim() || undefined });
  const items = templates.data?.items ?? [];
  // The suggested types and those the organization's templates use (library ones included).
  const [seenTypes, setSeenTypes] = useState<string[]>([]);
  const newTypes = items.map((item) => item.templateType).filter((type) => !seenTypes.includes(type));
  if (newTypes.length > 0) setSeenTypes([...seenTypes, ...new Set(newTypes)]);
  const typeOptions = [...new Set([...templateTypeSuggestions, ...seenTypes])];
  const filtered = search.trim() !== '' || Object.values(filters).some(Boolean);
  const setFilter = (key: keyof TemplateFilters, value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined }));

  return (
    <section aria-label="Document templates" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search templates"
            placeholder="Search templates"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:flex">
          <Select
            aria-label="Type"
            value={filters.templateType ?? ''}
            onChange={(event) => setFilter('templateType', event.target.value)}
          >
            <option value="">Any type</option>
            {typeOptions.map((type) => (
              <option key={type} value={type}>
                {templateTypeLabel(type)}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Industry"
            value={filters.industryType ?? ''}
            onChange={(event) => setFilter('industryType', event.target.value)}
          >
            <option value="">Any industry</option>
            {industrySectorValues.map((sector) => (
              <option key={sector} value={sector}>
                {sector}
              </option>
            ))}
          </Select>
          <div className="col-span-2 sm:col-span-1">
            <Select
              aria-label="Status"
              value={filters.isActive ?? ''}
              onChange={(event) => setFilter('isActive', event.target.value)}
            >
              <option value="">Any status</option>
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </Select>
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setLibraryOpen(true)} className="flex-1 lg:flex-none">
            <BookOpen className="size-4" aria-hidden="true" />
            Template library
          </Button>
          <Link
            href="/documents/templates/new"
            className={buttonClassName({ className: 'flex-1 lg:flex-none' })}
          >
            <Plus className="size-4" aria-hidden="true" />
            New template
          </Link>
        </div>
      </div>

      {templates.isPending ? (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Loading templates">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : templates.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          Templates could not be loaded: {readApiError(templates.error).message}
        </p>
      ) : items.length === 0 ? (
        <EmptyState
          icon={LayoutTemplate}
          title={filtered ? 'No template matches' : 'No templates yet'}
          description={
            filtered
              ? 'Try another search or clear the filters.'
              : 'Start from the library of sample documents, or write your own.'
          }
          action={
            filtered ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  setFilters({});
                }}
              >
                Clear filters
              </Button>
            ) : (
              <Button onClick={() => setLibraryOpen(true)}>Browse the library</Button>
            )
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {templates.data.total === 1 ? '1 template' : `${templates.data.total} templates`}
          </p>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
            {items.map((template) => (
              <li key={template.id}>
                <Link
                  href={`/documents/templates/${template.id}`}
                  className="group flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 shadow-xs transition-colors hover:border-primary/40 hover:bg-primary-soft/30 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <span className="flex items-start gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                      <FileText className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium group-hover:text-primary">
                        {template.name}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        {templateTypeLabel(template.templateType)}
                      </span>
                    </span>
                  </span>
                  {template.description ? (
                    <span className="line-clamp-2 text-sm leading-6 text-muted-foreground">
                      {template.description}
                    </span>
                  ) : null}
                  <span className="mt-auto flex flex-wrap gap-1.5 pt-1">
                    {template.isDefault ? <Badge variant="primary">Default</Badge> : null}
                    {template.isActive ? null : <Badge variant="warning">Inactive</Badge>}
                    {template.industryType ? <Badge>{template.industryType}</Badge> : null}
                    {template.mergeFields && template.mergeFields.length > 0 ? (
                      <Badge>
                        {template.mergeFields.length === 1
                          ? '1 merge field'
                          : `${template.mergeFields.length} merge fields`}
                      </Badge>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <TemplateLibraryDialog open={libraryOpen} onOpenChange={setLibraryOpen} />
    </section>
  );
}
