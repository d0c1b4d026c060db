import { LifeBuoy } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import {
  serviceRequestPriorities,
  serviceRequestStatuses,
} from '../../../../common/validation/platform-values';
import {
  canMoveServiceRequest,
  type ServiceRequestCategory,
  type ServiceRequestPriority,
  type ServiceRequestStatus,
  serviceRequestCategoryLabels,
  serviceRequestPriorityLabels,
  serviceRequestStatusLabels,
} from '../../../../common/validation/service-requests';
import { FilterField, ListCountBar } from '../../../components/list-toolbar';
import { LoadMoreFooter, PagedListBody } from '../../../components/paged-list-body';
import { SearchInput } from '../../../components/data-table/search-input';
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
import { FormError, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  ServiceRequestPriorityBadge,
  ServiceRequestStatusBadge,
} from '../../service-requests/components/service-request-badges';
import {
  noServiceRequestFilters,
  type PlatformServiceRequest,
  type ServiceRequestFilters,
  type SuperAdminChoice,
  usePlatformServiceRequests,
  useServiceRequestAssignees,
  useUpdateServiceRequest,
} from '../api/service-requests';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const categoryLabel = (category: string | null) =>
  category ? (serviceRequestCategoryLabels[category as ServiceRequestCategory] ?? category) : '—';

/** Super admin › Service requests: every organization's requests, filtered; open one to triage it. */
export function ServiceRequestsSection() {
  const [filters, setFilters] = useState<ServiceRequestFilters>(noServiceRequestFilters);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = usePlatformServiceRequests(filters);
  const assignees = useServiceRequestAssignees();
  const choices = assignees.data?.items ?? [];
  const filtered = Object.values(filters).some((value) => value !== '');
  const set = (key: keyof ServiceRequestFilters) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const onSearch = useCallback((search: string) => setFilters((current) => ({ ...current, search })), []);
  const open = list.rows.find((row) => row.id === openId) ?? null;

  return (
    <Card className="overflow-hidden">
      <div className="grid grid-cols-2 gap-3 border-b border-border p-4 sm:px-5 lg:grid-cols-4">
        <FilterField id="service-requests-search" label="Search" className="col-span-2 lg:col-span-1">
          <SearchInput
            id="service-requests-search"
            value={filters.search}
            onSearch={onSearch}
            placeholder="Subject, description, organization"
            className="h-10"
            wrapperClassName="sm:max-w-none"
          />
        </FilterField>
        <FilterField id="service-requests-status" label="Status">
          <Select
            id="service-requests-status"
            value={filters.status}
            onChange={(e) => set('status')(e.target.value)}
          >
            <option value="">All statuses</option>
            {serviceRequestStatuses.map((status) => (
              <option key={status} value={status}>
                {serviceRequestStatusLabels[status]}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField id="service-requests-priority" label="Priority">
          <Select
            id="service-requests-priority"
            value={filters.priority}
            onChange={(e) => set('priority')(e.target.value)}
          >
            <option value="">All priorities</option>
            {serviceRequestPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {serviceRequestPriorityLabels[priority]}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField id="service-requests-assignee" label="Assignee" className="col-span-2 lg:col-span-1">
          <Select
            id="service-requests-assignee"
            value={filters.assignedTo}
            onChange={(e) => set('assignedTo')(e.target.value)}
          >
            <option value="">Anyone</option>
            <option value="none">Unassigned</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </Select>
        </FilterField>
      </div>
      <ListCountBar
        className="flex-wrap"
        count={
          list.isPending ? 'Loading requests…' : `${list.total} ${list.total === 1 ? 'request' : 'requests'}`
        }
        onClear={filtered ? () => setFilters(noServiceRequestFilters) : undefined}
      />

      <PagedListBody
        query={list}
        empty={list.rows.length === 0}
        what="the service requests"
        loading={<LoadingRows />}
        emptyState={{
          icon: LifeBuoy,
          title: filtered ? 'No requests match these filters' : 'No service requests yet',
          description: filtered
            ? 'Try another status, priority or assignee.'
            : 'Requests organization admins file from the help panel appear here.',
        }}
      >
        <Table aria-label="Service requests">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Request</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden md:table-cell">Priority</TableHead>
              <TableHead className="hidden lg:table-cell">Assignee</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((row) => (
              <TableRow key={row.id} data-testid="service-request-row">
                <TableCell className="align-top">
                  <button
                    type="button"
                    onClick={() => setOpenId(row.id)}
                    className="text-left font-medium text-foreground hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    {row.subject}
                  </button>
                  <div className="text-xs text-muted-foreground">
                    {row.organization.name ?? 'Deleted organization'} ·{' '}
                    <time dateTime={row.createdAt}>{timeFormat.format(new Date(row.createdAt))}</time>
                  </div>
                  {/* Phones: status and priority under the subject. */}
                  <div className="mt-1.5 flex flex-wrap gap-1.5 sm:hidden">
                    <ServiceRequestStatusBadge status={row.status} />
                    <ServiceRequestPriorityBadge priority={row.priority} />
                  </div>
                </TableCell>
                <TableCell className="hidden align-top sm:table-cell">
                  <ServiceRequestStatusBadge status={row.status} />
                </TableCell>
                <TableCell className="hidden align-top md:table-cell">
                  <ServiceRequestPriorityBadge priority={row.priority} />
                </TableCell>
                <TableCell className="hidden align-top text-muted-foreground lg:table-cell">
                  {row.assignee?.name ?? 'Unassigned'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </PagedListBody>

      <LoadMoreFooter query={list} shown={list.rows.length} total={list.total} />

      <Dialog open={open !== null} onOpenChange={(next) => (next ? null : setOpenId(null))}>
        {open ? (
          <ServiceRequestDialog
            key={open.id}
            request={open}
            choices={choices}
            onDone={() => setOpenId(null)}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

/** One request: what the organization wrote, and the triage form (status, priority, assignee, resolution). */
function ServiceRequestDialog({
  request,
  choices,
  onDone,
}: {
  request: PlatformServiceRequest;
  choices: SuperAdminChoice[];
  onDone: () => void;
}) {
  const id = useId();
  const update = useUpdateServiceRequest(request.id);
  const [status, setStatus] = useState(request.status);
  const [priority, setPriority] = useState(request.priority);
  const [assignedTo, setAssignedTo] = useState(request.assignedTo ?? '');
  const [resolution, setResolution] = useState(request.resolution ?? '');
  const [error, setError] = useState<string | null>(null);
  const closed = request.status === 'closed';

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({
        status: status as ServiceRequestStatus,
        priority: priority as ServiceRequestPriority,
        assignedTo: assignedTo || null,
        resolution,
      });
    } catch (failure) {
      const { message, fieldErrors } = readApiError(failure);
      setError(Object.values(fieldErrors)[0] ?? message);
      return;
    }
    toast.success('Service request saved');
    onDone();
  };

  return (
    <DialogContent size="lg">
      <DialogHeader>
        <DialogTitle>{request.subject}</DialogTitle>
        <DialogDescription>
          {request.organization.name ?? 'Deleted organization'} · {categoryLabel(request.category)} · filed{' '}
          {timeFormat.format(new Date(request.createdAt))}
          {request.filedBy ? ` by ${request.filedBy.name ?? ''} (${request.filedBy.email ?? 'removed'})` : ''}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <p className="rounded-lg bg-muted/60 px-3 py-2.5 text-sm leading-6 whitespace-pre-line break-words">
          {request.description || 'No description.'}
        </p>
        {request.resolvedAt ? (
          <p className="text-xs text-muted-foreground">
            Resolved {timeFormat.format(new Date(request.resolvedAt))}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            id={`${id}-status`}
            label="Status"
            hint={closed ? 'Closed is final: file a new request for a new problem.' : undefined}
          >
            <Select
              id={`${id}-status`}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              disabled={closed}
            >
              {serviceRequestStatuses
                .filter((next) => canMoveServiceRequest(request.status as ServiceRequestStatus, next))
                .map((next) => (
                  <option key={next} value={next}>
                    {serviceRequestStatusLabels[next]}
                  </option>
                ))}
            </Select>
          </FormField>
          <FormField id={`${id}-priority`} label="Priority">
            <Select id={`${id}-priority`} value={priority} onChange={(e) => setPriority(e.target.value)}>
              {serviceRequestPriorities.map((next) => (
                <option key={next} value={next}>
                  {serviceRequestPriorityLabels[next]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={`${id}-assignee`} label="Assignee">
            <Select id={`${id}-assignee`} value={assignedTo} onChange={(e) => setAssignedTo(e.target.value)}>
              <option value="">Unassigned</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField
          id={`${id}-resolution`}
          label="Resolution"
          hint="The organization sees this answer; the filer is e-mailed when the status or the answer changes."
        >
          <Textarea
            id={`${id}-resolution`}
            rows={4}
            value={resolution}
            onChange={(e) => setResolution(e.target.value)}
          />
        </FormField>
        <FormError message={error} />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function LoadingRows() {
  return (
    <div
      role="status"
      className="divide-y divide-border"
      aria-busy="true"
      aria-label="Loading the service requests"
    >
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex items-center gap-3 px-4 py-3.5">
          <div className="flex-1">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="mt-1.5 h-3.5 w-32" />
          </div>
          <Skeleton className="hidden h-5 w-20 sm:block" />
        </div>
      ))}
    </div>
  );
}
