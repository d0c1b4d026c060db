import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  type AnnouncementAudience,
  announcementAudiences,
  type PostAnnouncementInput,
  postAnnouncementSchema,
} from '../../../../common/validation/announcements';
import {
  systemUpdateCategories,
  systemUpdateIconTypes,
  systemUpdatePriorities,
} from '../../../../common/validation/platform-values';
import { FilterField, ListCountBar } from '../../../components/list-toolbar';
import { ListSkeleton, LoadMoreFooter, PagedListBody } from '../../../components/paged-list-body';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
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
import { SelectField } from '../../../components/ui/select-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AnnouncementIcon } from '../../announcements/components/announcement-icon';
import {
  type Announcement,
  type AnnouncementFilters,
  useAnnouncements,
  useDeleteAnnouncement,
  useOrganizationChoices,
  usePostAnnouncement,
} from '../api/announcements';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const audienceLabels: Record<AnnouncementAudience, string> = {
  everyone: 'Everyone',
  organization: 'One organization',
  user: 'One user',
};
const categoryLabels: Record<(typeof systemUpdateCategories)[number], string> = {
  announcement: 'Announcement',
  release: 'Release',
  maintenance: 'Maintenance',
  feature: 'Feature',
  security: 'Security',
};
const priorityBadges: Record<
  (typeof systemUpdatePriorities)[number],
  { label: string; variant: BadgeVariant }
> = {
  low: { label: 'Low', variant: 'neutral' },
  normal: { label: 'Normal', variant: 'neutral' },
  high: { label: 'High', variant: 'warning' },
  urgent: { label: 'Urgent', variant: 'danger' },
};
const iconLabels: Record<(typeof systemUpdateIconTypes)[number], string> = {
  info: 'Information',
  success: 'Success',
  warning: 'Warning',
  alert: 'Alert',
  release: 'Release',
};

const noFilters: AnnouncementFilters = { search: '', audience: '' };

/** Super admin › Announcements: post to everyone, one organization or one user; see reads; delete. */
export function AnnouncementsSection() {
  const [filters, setFilters] = useState(noFilters);
  const [posting, setPosting] = useState(false);
  const search = useDebouncedValue(filters.search.trim());
  const announcements = useAnnouncements({ ...filters, search });
  const rows = announcements.data?.pages.flatMap((page) => page.items) ?? [];
  const total = announcements.data?.pages[0]?.total ?? 0;
  const filtered = filters.search !== '' || filters.audience !== '';

  return (
    <Card aria-label="Announcements">
      <div className="grid grid-cols-2 gap-3 border-b border-border p-4 sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-end sm:p-5">
        <FilterField id="announcements-search" label="Search" className="col-span-2 sm:col-span-1">
          <Input
            id="announcements-search"
            type="search"
            placeholder="Title or text"
            value={filters.search}
            maxLength={200}
            onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))}
          />
        </FilterField>
        <FilterField id="announcements-audience" label="Audience">
          <Select
            id="announcements-audience"
            value={filters.audience}
            onChange={(e) => setFilters((f) => ({ ...f, audience: e.target.value }))}
          >
            <option value="">All</option>
            {announcementAudiences.map((value) => (
              <option key={value} value={value}>
                {audienceLabels[value]}
              </option>
            ))}
          </Select>
        </FilterField>
        <Button className="self-end" onClick={() => setPosting(true)}>
          <Plus aria-hidden="true" />
          New announcement
        </Button>
      </div>
      <ListCountBar
        count={
          announcements.isPending
            ? 'Loading announcements…'
            : `${total} ${total === 1 ? 'announcement' : 'announcements'}`
        }
        onClear={filtered ? () => setFilters(noFilters) : undefined}
      />

      <PagedListBody
        query={announcements}
        empty={rows.length === 0}
        what="announcements"
        loading={<ListSkeleton label="Loading announcements" rowClassName="h-16 w-full" />}
        emptyState={{
          icon: Megaphone,
          title: filtered ? 'No announcements match these filters' : 'No announcements yet',
          description: filtered
            ? 'Try another search or audience.'
            : 'Post one: it appears under the bell of everyone it is addressed to.',
        }}
      >
        <ul className="divide-y divide-border" aria-label="Posted announcements">
          {rows.map((row) => (
            <AnnouncementRow key={row.id} announcement={row} />
          ))}
        </ul>
      </PagedListBody>

      <LoadMoreFooter query={announcements} shown={rows.length} total={total} />
      <PostAnnouncementDialog open={posting} onOpenChange={setPosting} />
    </Card>
  );
}

function audienceText(row: Announcement): string {
  if (row.audience === 'user') return row.userEmail ?? 'A user';
  if (row.audience === 'organization') return row.organizationName ?? 'An organization';
  return 'Everyone';
}

function AnnouncementRow({ announcement: row }: { announcement: Announcement }) {
  const remove = useDeleteAnnouncement();
  const [confirming, setConfirming] = useState(false);
  const priority = priorityBadges[row.priority as keyof typeof priorityBadges] ?? priorityBadges.normal;
  const onDelete = async () => {
    try {
      await remove.mutateAsync(row.id);
      toast.success('Announcement deleted');
      setConfirming(false);
    } catch (error) {
      toast.error('Could not delete the announcement', { description: readApiError(error).message });
    }
  };
  return (
    <li className="flex gap-3 px-4 py-3 sm:px-5" data-testid="announcement-row" aria-label={row.title}>
      <AnnouncementIcon iconType={row.iconType} className="mt-0.5" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 lg:flex-row lg:items-start lg:gap-6">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 text-sm font-semibold break-words">{row.title}</span>
            {row.priority !== 'normal' ? <Badge variant={priority.variant}>{priority.label}</Badge> : null}
            {row.category ? (
              <Badge variant="neutral">
                {categoryLabels[row.category as keyof typeof categoryLabels] ?? row.category}
              </Badge>
            ) : null}
            {row.expired ? <Badge variant="warning">Expired</Badge> : null}
          </div>
          {row.description ? (
            <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-muted-foreground">
              {row.description}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            To <span className="font-medium text-foreground">{audienceText(row)}</span>
            {' · '}
            {dateFormat.format(new Date(row.createdAt))}
            {row.createdByName ? ` by ${row.createdByName}` : ''}
            {row.expiresAt && !row.expired ? ` · until ${dateFormat.format(new Date(row.expiresAt))}` : ''}
            {' · '}
            {row.readCount} {row.readCount === 1 ? 'read' : 'reads'}
          </p>
        </div>
        <div className="flex lg:shrink-0">
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2 text-red-700 hover:bg-red-50 hover:text-red-800 lg:ml-0"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${row.title}`}
          >
            Delete
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${row.title}”?`}
        description="It disappears from every bell at once. The audit log keeps a record of it."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}

interface AnnouncementForm {
  audience: AnnouncementAudience;
  organizationId: string;
  userEmail: string;
  title: string;
  description: string;
  category: string;
  priority: string;
  iconType: string;
  actionUrl: string;
  expiresAt: string;
}

const emptyForm: AnnouncementForm = {
  audience: 'everyone',
  organizationId: '',
  userEmail: '',
  title: '',
  description: '',
  category: 'announcement',
  priority: 'normal',
  iconType: 'info',
  actionUrl: '',
  expiresAt: '',
};

const urlHint = 'A page of Locus such as /settings/profile, or an https:// address.';

function PostAnnouncementDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const post = usePostAnnouncement();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof AnnouncementForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setForm(emptyForm);
      setErrors({});
      setFormError(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input: PostAnnouncementInput = {
      audience: form.audience,
      organizationId: form.audience === 'organization' ? form.organizationId : '',
      userEmail: form.audience === 'user' ? form.userEmail : '',
      title: form.title,
      description: form.description,
      category: form.category as PostAnnouncementInput['category'],
      priority: form.priority as PostAnnouncementInput['priority'],
      iconType: form.iconType as PostAnnouncementInput['iconType'],
      actionUrl: form.actionUrl,
      // A datetime-local value is the viewer's local time: sent as the instant it names.
      expiresAt: form.expiresAt ? new Date(form.expiresAt).toISOString() : '',
    };
    const checked = postAnnouncementSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    try {
      await post.mutateAsync(input);
      toast.success('Announcement posted');
      close(false);
    } catch (failure) {
      const { message, fieldErrors } = readApiError(failure);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="lg">
        <form
          onSubmit={submit}
          noValidate
          className="flex min-h-0 flex-1 flex-col"
          aria-label="New announcement"
        >
          <DialogHeader>
            <DialogTitle>New announcement</DialogTitle>
            <DialogDescription>
              Plain text, shown under the bell in the top bar until it expires.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-4">
            <FormError message={formError} />
            <fieldset disabled={post.isPending} className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id="announcement-audience"
                label="Send to"
                error={errors.audience}
                value={form.audience}
                options={announcementAudiences}
                labelOf={(value) => audienceLabels[value]}
                onChange={set('audience')}
              />
              {form.audience === 'organization' ? (
                <OrganizationPicker
                  value={form.organizationId}
                  onChange={set('organizationId')}
                  error={errors.organizationId}
                />
              ) : form.audience === 'user' ? (
                <FormField id="announcement-user" label="User's e-mail" error={errors.userEmail}>
                  <Input
                    {...fieldA11y('announcement-user', errors.userEmail)}
                    type="email"
                    value={form.userEmail}
                    maxLength={254}
                    autoComplete="off"
                    onChange={(e) => set('userEmail')(e.target.value)}
                  />
                </FormField>
              ) : (
                <div className="hidden sm:block" />
              )}
              <FormField id="announcement-title" label="Title" error={errors.title} className="sm:col-span-2">
                <Input
                  {...fieldA11y('announcement-title', errors.title)}
                  value={form.title}
                  maxLength={255}
                  autoComplete="off"
                  onChange={(e) => set('title')(e.target.value)}
                />
              </FormField>
              <FormField
                id="announcement-description"
                label="Message"
                error={errors.description}
                className="sm:col-span-2"
              >
                <Textarea
                  {...fieldA11y('announcement-description', errors.description)}
                  rows={4}
                  value={form.description}
                  maxLength={2000}
                  onChange={(e) => set('description')(e.target.value)}
                />
              </FormField>
              <SelectField
                id="announcement-category"
                label="Category"
                error={errors.category}
                value={form.category}
                options={systemUpdateCategories}
                labelOf={(value) => categoryLabels[value]}
                onChange={set('category')}
              />
              <SelectField
                id="announcement-priority"
                label="Priority"
                error={errors.priority}
                value={form.priority}
                options={systemUpdatePriorities}
                labelOf={(value) => priorityBadges[value].label}
                onChange={set('priority')}
              />
              <FormField id="announcement-icon" label="Icon" error={errors.iconType}>
                <div className="flex items-center gap-2">
                  <AnnouncementIcon iconType={form.iconType} />
                  <Select
                    {...fieldA11y('announcement-icon', errors.iconType)}
                    value={form.iconType}
                    onChange={(e) => set('iconType')(e.target.value)}
                  >
                    {systemUpdateIconTypes.map((value) => (
                      <option key={value} value={value}>
                        {iconLabels[value]}
                      </option>
                    ))}
                  </Select>
                </div>
              </FormField>
              <FormField
                id="announcement-expires"
                label="Expires"
                error={errors.expiresAt}
                hint="Empty: never"
              >
                <Input
                  {...fieldA11y('announcement-expires', errors.expiresAt, 'Empty: never')}
                  type="datetime-local"
                  value={form.expiresAt}
                  onChange={(e) => set('expiresAt')(e.target.value)}
                />
              </FormField>
              <FormField
                id="announcement-url"
                label="Action link"
                error={errors.actionUrl}
                hint={urlHint}
                className="sm:col-span-2"
              >
                <Input
                  {...fieldA11y('announcement-url', errors.actionUrl, urlHint)}
                  value={form.actionUrl}
                  maxLength={2048}
                  autoComplete="off"
                  onChange={(e) => set('actionUrl')(e.target.value)}
                />
              </FormField>
            </fieldset>
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)} disabled={post.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={post.isPending}>
              {post.isPending ? <Spinner /> : null}
              {post.isPending ? 'Posting…' : 'Post announcement'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The organizations section's list, searched by name; the choice is the organization's id. */
function OrganizationPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const choices = useOrganizationChoices(debounced, true);
  const items = choices.data?.items ?? [];
  return (
    <FormField id="announcement-organization" label="Organization" error={error}>
      <div className="flex flex-col gap-2">
        <Input
          type="search"
          aria-label="Search organizations"
          placeholder="Search by name"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          {...fieldA11y('announcement-organization', error)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">
            {choices.isPending ? 'Loading…' : choices.isError ? 'Organizations unavailable' : 'Choose…'}
          </option>
          {items.map((org) => (
            <option key={org.id} value={org.id}>
              {org.name}
            </option>
          ))}
        </Select>
      </div>
    </FormField>
  );
}
