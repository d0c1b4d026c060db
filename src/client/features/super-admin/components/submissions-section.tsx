import { Download, Inbox } from 'lucide-react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { supportSubmissionTypes } from '../../../../common/allowed-values';
import { demoRequestStatuses } from '../../../../common/validation/platform-values';
import {
  type DemoRequestStatus,
  demoRequestStatusLabels,
} from '../../../../common/validation/public-submissions';
import { ListSkeleton, LoadMoreFooter, PagedListBody } from '../../../components/paged-list-body';
import type { KeysetList } from '../../../components/data-table/use-keyset-list';
import { SearchInput } from '../../../components/data-table/search-input';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
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
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  type DemoRequest,
  type EarlyAccessSignup,
  type FeedbackItem,
  type SubmissionKind,
  type SupportSubmission,
  submissionsExportUrl,
  supportImageUrl,
  useSubmissions,
  useUpdateDemoRequest,
} from '../api/submissions';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => (
  <time dateTime={iso} className="text-xs text-muted-foreground">
    {timeFormat.format(new Date(iso))}
  </time>
);

const tabs: { value: SubmissionKind; label: string }[] = [
  { value: 'early-access-signups', label: 'Early access' },
  { value: 'demo-requests', label: 'Demo requests' },
  { value: 'support-submissions', label: 'Support' },
  { value: 'feedback', label: 'Feedback' },
];

/** Super admin › Submissions: what visitors and members sent, one tab per kind, searchable and exportable. */
export function SubmissionsSection() {
  const [tab, setTab] = useState<SubmissionKind>('early-access-signups');
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value as SubmissionKind)}
      className="flex flex-col gap-4"
    >
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <TabsList className="w-max sm:w-auto">
          {tabs.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      <TabsContent value="early-access-signups">
        <EarlyAccessTab />
      </TabsContent>
      <TabsContent value="demo-requests">
        <DemoRequestsTab />
      </TabsContent>
      <TabsContent value="support-submissions">
        <SupportTab />
      </TabsContent>
      <TabsContent value="feedback">
        <FeedbackTab />
      </TabsContent>
    </Tabs>
  );
}

interface ListFrameProps<T> {
  kind: SubmissionKind;
  noun: [string, string];
  params: Record<string, string>;
  onSearch: (search: string) => void;
  filter?: ReactNode;
  list: KeysetList<T>;
  children: ReactNode;
}

/** The toolbar (search, a filter, Export CSV), the count, the states and "Load more" every tab shares. */
function ListFrame<T>({ kind, noun, params, onSearch, filter, list, children }: ListFrameProps<T>) {
  const label = tabs.find((t) => t.value === kind)?.label ?? kind;
  const filtered = Object.values(params).some((value) => value !== '');
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center gap-3 border-b border-border p-4 sm:px-5">
        <SearchInput
          value={params.search ?? ''}
          onSearch={onSearch}
          placeholder="Search"
          aria-label={`Search ${label.toLowerCase()}`}
          wrapperClassName="basis-full sm:basis-auto"
        />
        {filter}
        <a
          href={submissionsExportUrl(kind, params)}
          download
          className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9 sm:ml-auto' })}
        >
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <p
        className="border-b border-border px-4 py-2.5 text-sm text-muted-foreground sm:px-5"
        aria-live="polite"
      >
        {list.isPending ? 'Loading…' : `${list.total} ${list.total === 1 ? noun[0] : noun[1]}`}
      </p>
      <PagedListBody
        query={list}
        empty={list.rows.length === 0}
        what="the list"
        loading={
          <ListSkeleton
            label={`Loading ${label.toLowerCase()}`}
            rowClassName="h-10 w-full"
            className="gap-2 p-4"
          />
        }
        emptyState={{
          icon: Inbox,
          title: filtered ? 'Nothing matches' : `No ${noun[1]} yet`,
          description: filtered ? 'Try another search.' : undefined,
        }}
      >
        {children}
      </PagedListBody>
      <LoadMoreFooter query={list} shown={list.rows.length} total={list.total} />
    </Card>
  );
}

/** A tab's one filter beside the search box: "All …" then each value. */
function TabFilter<V extends string>({
  label,
  value,
  onChange,
  allLabel,
  values,
  labels,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  allLabel: string;
  values: readonly V[];
  labels: Record<V, string>;
}) {
  return (
    <div className="w-40">
      <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className="h-9">
        <option value="">{allLabel}</option>
        {values.map((item) => (
          <option key={item} value={item}>
            {labels[item]}
          </option>
        ))}
      </Select>
    </div>
  );
}

function useParams(initial: Record<string, string>) {
  const [params, setParams] = useState(initial);
  const onSearch = useCallback((search: string) => setParams((current) => ({ ...current, search })), []);
  const set = (key: string) => (value: string) => setParams((current) => ({ ...current, [key]: value }));
  return { params, onSearch, set };
}

function EarlyAccessTab() {
  const { params, onSearch } = useParams({ search: '' });
  const list = useSubmissions<EarlyAccessSignup>('early-access-signups', params);
  return (
    <ListFrame
      kind="early-access-signups"
      noun={['sign-up', 'sign-ups']}
      params={params}
      onSearch={onSearch}
      list={list}
    >
      <Table aria-label="Early access sign-ups">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead className="hidden md:table-cell">Company</TableHead>
            <TableHead className="hidden sm:table-cell">Role</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="align-top">
                <div className="font-medium">{row.name}</div>
                <div className="break-all text-muted-foreground">{row.email}</div>
                {when(row.createdAt)}
              </TableCell>
              <TableCell className="hidden align-top md:table-cell">{row.company ?? '—'}</TableCell>
              <TableCell className="hidden align-top sm:table-cell">{row.persona}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListFrame>
  );
}

function DemoRequestsTab() {
  const { params, onSearch, set } = useParams({ search: '', status: '' });
  const list = useSubmissions<DemoRequest>('demo-requests', params);
  const [editing, setEditing] = useState<DemoRequest | null>(null);
  return (
    <ListFrame
      kind="demo-requests"
      noun={['demo request', 'demo requests']}
      params={params}
      onSearch={onSearch}
      list={list}
      filter={
        <TabFilter
          label="Status filter"
          value={params.status}
          onChange={set('status')}
          allLabel="All statuses"
          values={demoRequestStatuses}
          labels={demoRequestStatusLabels}
        />
      }
    >
      <Table aria-label="Demo requests">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Request</TableHead>
            <TableHead className="hidden lg:table-cell">Message</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.map((row) => (
            <TableRow key={row.id} data-testid="demo-request-row">
              <TableCell className="align-top">
                <div className="font-medium">
                  {row.name} · {row.company}
                </div>
                <div className="break-all text-muted-foreground">{row.email}</div>
                <div className="text-xs text-muted-foreground">
                  {row.persona}
                  {row.phoneNumber ? ` · ${row.phoneNumber}` : ''}
                  {row.preferredTime ? ` · ${row.preferredTime}` : ''}
                </div>
                {when(row.createdAt)}
                {row.message ? (
                  <p className="mt-1 max-w-md break-words whitespace-pre-line lg:hidden">{row.message}</p>
                ) : null}
              </TableCell>
              <TableCell className="hidden max-w-80 align-top break-words whitespace-pre-line lg:table-cell">
                {row.message ?? '—'}
              </TableCell>
              <TableCell className="w-44 align-top">
                <DemoStatusSelect request={row} />
                {row.notes ? (
                  <p className="mt-1.5 max-w-44 text-xs break-words whitespace-pre-line text-muted-foreground">
                    {row.notes}
                  </p>
                ) : null}
                <Button variant="ghost" size="sm" className="mt-1 -ml-2" onClick={() => setEditing(row)}>
                  {row.notes ? 'Edit notes' : 'Add notes'}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={editing !== null} onOpenChange={(next) => (next ? null : setEditing(null))}>
        {editing ? (
          <DemoNotesDialog key={editing.id} request={editing} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>
    </ListFrame>
  );
}

/** The status changes as soon as it is picked. */
function DemoStatusSelect({ request }: { request: DemoRequest }) {
  const update = useUpdateDemoRequest(request.id);
  return (
    <Select
      aria-label={`Status of ${request.name}'s demo request`}
      value={request.status}
      disabled={update.isPending}
      className="h-9"
      onChange={(event) => {
        const status = event.target.value as DemoRequestStatus;
        update.mutate(
          { status },
          {
            onSuccess: () => toast.success(`Marked ${demoRequestStatusLabels[status].toLowerCase()}`),
            onError: (error) => toast.error(`Could not change the status: ${readApiError(error).message}`),
          },
        );
      }}
    >
      {demoRequestStatuses.map((status) => (
        <option key={status} value={status}>
          {demoRequestStatusLabels[status]}
        </option>
      ))}
    </Select>
  );
}

function DemoNotesDialog({ request, onDone }: { request: DemoRequest; onDone: () => void }) {
  const id = useId();
  const update = useUpdateDemoRequest(request.id);
  const [notes, setNotes] = useState(request.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ notes });
    } catch (failure) {
      const { message, fieldErrors } = readApiError(failure);
      setError(fieldErrors.notes ?? message);
      return;
    }
    toast.success('Notes saved');
    onDone();
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Notes</DialogTitle>
        <DialogDescription>
          {request.name} · {request.company}
        </DialogDescription>
      </DialogHeader>
      <DialogBody>
        <FormField id={`${id}-notes`} label="Notes" error={error ?? undefined}>
          <Textarea id={`${id}-notes`} rows={5} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          Save notes
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

const supportTypeLabels: Record<string, string> = { bug: 'Bug report', enhancement: 'Enhancement' };

function SupportTab() {
  const { params, onSearch, set } = useParams({ search: '', type: '' });
  const list = useSubmissions<SupportSubmission>('support-submissions', params);
  return (
    <ListFrame
      kind="support-submissions"
      noun={['submission', 'submissions']}
      params={params}
      onSearch={onSearch}
      list={list}
      filter={
        <TabFilter
          label="Type filter"
          value={params.type}
          onChange={set('type')}
          allLabel="All types"
          values={supportSubmissionTypes}
          labels={supportTypeLabels}
        />
      }
    >
      <Table aria-label="Support submissions">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Submission</TableHead>
            <TableHead className="hidden sm:table-cell">Screenshot</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.map((row) => (
            <TableRow key={row.id} data-testid="support-submission-row">
              <TableCell className="align-top">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {row.firstName} {row.lastName}
                  </span>
                  <Badge variant={row.type === 'bug' ? 'danger' : 'primary'}>
                    {supportTypeLabels[row.type] ?? row.type}
                  </Badge>
                </div>
                <div className="break-all text-muted-foreground">{row.email}</div>
                {when(row.createdAt)}
                <p className="mt-1 max-w-xl break-words whitespace-pre-line">{row.description}</p>
                <div className="mt-2 sm:hidden">
                  <Screenshot row={row} />
                </div>
              </TableCell>
              <TableCell className="hidden w-36 align-top sm:table-cell">
                <Screenshot row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListFrame>
  );
}

/** An uploaded screenshot as a thumbnail opening full size; a linked one as its link (no third-party image loads here). */
function Screenshot({ row }: { row: SupportSubmission }) {
  if (row.imageUrl) {
    return (
      <a
        href={row.imageUrl}
        target="_blank"
        rel="noreferrer noopener"
        className="text-sm text-primary underline"
      >
        Linked image
      </a>
    );
  }
  if (!row.hasImage) return <span className="text-sm text-muted-foreground">—</span>;
  const src = supportImageUrl(row.id);
  return (
    <a href={src} target="_blank" rel="noreferrer" className="inline-block" title="Open the screenshot">
      <img
        src={src}
        alt={`Screenshot from ${row.firstName} ${row.lastName}`}
        loading="lazy"
        className="h-20 w-28 rounded-md border border-border bg-muted object-cover"
      />
    </a>
  );
}

function FeedbackTab() {
  const { params, onSearch } = useParams({ search: '' });
  const list = useSubmissions<FeedbackItem>('feedback', params);
  return (
    <ListFrame kind="feedback" noun={['message', 'messages']} params={params} onSearch={onSearch} list={list}>
      <Table aria-label="Feedback">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Feedback</TableHead>
            <TableHead className="hidden md:table-cell">From</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="align-top">
                <p className="max-w-xl break-words whitespace-pre-line">{row.message}</p>
                <div className="mt-1 text-xs text-muted-foreground">
                  {row.page ? `${row.page} · ` : ''}
                  {timeFormat.format(new Date(row.submittedAt))}
                </div>
                <div className="mt-1 text-xs text-muted-foreground md:hidden">
                  {row.userEmail ?? 'Removed user'} · {row.organizationName ?? 'Removed organization'}
                </div>
              </TableCell>
              <TableCell className="hidden align-top md:table-cell">
                <div className="break-all">{row.userEmail ?? 'Removed user'}</div>
                <div className="text-xs text-muted-foreground">
                  {row.organizationName ?? 'Removed organization'}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListFrame>
  );
}
