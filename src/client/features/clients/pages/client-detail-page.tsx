import { ChevronRight, Ellipsis, FilePlus2, FileText, Handshake, Target, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { updateClientSchema } from '../../../../common/validation/clients';
import {
  dateInputToIso,
  formatDate,
  formatMoney,
  toDateInputValue,
} from '../../../components/data-table/format';
import { useOwnerOptions, useTagNames } from '../../../components/data-table/use-record-options';
import { RecordCustomFields } from '../../../components/data-table/record-custom-fields';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { PersonStatusBadge } from '../../../components/person-status-badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { InlineField, ruleOf } from '../../../components/ui/inline-edit';
import { TagsInput } from '../../../components/ui/tags-input';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ActivityTimeline } from '../../activities/components/activity-timeline';
import { useSignedInUser } from '../../auth/signed-in-user';
import { formatPhone } from '../../../../common/phone-format';
import { type ClientDetail, useClient, useDeleteClient, useUpdateClient } from '../api';
import {
  clientStatusBadge,
  clientStatusLabel,
  clientStatusOptions,
  phoneTypeOptions,
} from '../client-options';
import { stateOptionsWith } from '../../../components/state-options';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { documentsLabel, RelatedBlock } from '../../../components/related-block';
import { RelatedObjectRecords } from '../../objects/components/related-object-records';

const shape = updateClientSchema.shape;

/** /clients/:id: the client's details (edited in place), deals, documents and activity timeline. */
export function ClientDetailPage({ id }: { id: string }) {
  const client = useClient(id);
  if (client.isPending) return <RecordPageSkeleton />;
  if (client.isError || !client.data) {
    return <RecordLoadError error={client.error} singular="Client" listHref="/clients" />;
  }
  return <ClientDetailView client={client.data} />;
}

function ClientDetailView({ client }: { client: ClientDetail }) {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const update = useUpdateClient(client.id);
  const deleteClient = useDeleteClient();
  const owners = useOwnerOptions(me);
  const tagNames = useTagNames();
  const [deleting, setDeleting] = useState(false);
  const allowed = {
    update: can(me, 'clients', 'update'),
    remove: can(me, 'clients', 'delete'),
    readDeals: can(me, 'deals', 'read'),
    readLeads: can(me, 'leads', 'read'),
    createDocument: can(me, 'documents', 'create'),
  };
  const readOnly = !allowed.update;
  const save = (key: keyof ClientDetail) => (value: unknown) => update.mutate({ [key]: value });

  const confirmDelete = async () => {
    try {
      await deleteClient.mutateAsync(client.id);
      toast.success('Client deleted', { description: `${client.displayName} was removed.` });
      navigate('/clients');
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        eyebrow={
          <nav aria-label="Breadcrumb" className="flex items-center gap-1">
            <Link href="/clients" className="hover:text-foreground">
              Client list
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
            <span aria-current="page" className="truncate">
              {client.displayName}
            </span>
          </nav>
        }
        title={<span className="break-words">{client.displayName}</span>}
        documentTitle={client.displayName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PersonStatusBadge
              status={client.status}
              label={clientStatusLabel(client.status)}
              variant={clientStatusBadge[client.status] ?? 'neutral'}
            />
            <span>Client since {formatDate(client.createdAt)}</span>
          </span>
        }
        actions={
          <>
            {allowed.createDocument ? (
              <Link
                href={`/clients/${client.id}/documents/create`}
                className={buttonClassName({ variant: 'secondary' })}
              >
                <FilePlus2 aria-hidden="true" />
                New document
              </Link>
            ) : null}
            {allowed.remove ? (
              <DropdownMenu modal={false}>
                <DropdownMenuTrigger asChild>
                  <Button variant="secondary" size="icon">
                    <Ellipsis aria-hidden="true" />
                    <span className="sr-only">More actions</span>
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem destructive onSelect={() => setDeleting(true)}>
                    <Trash2 aria-hidden="true" />
                    Delete client
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ) : null}
          </>
        }
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1.5">
              <InlineField
                layout="inline"
                label="Display name"
                value={client.displayName}
                readOnly={readOnly}
                validate={ruleOf(shape.displayName)}
                onSave={save('displayName')}
              />
              <InlineField
                layout="inline"
                label="Email"
                kind="email"
                value={client.email ?? ''}
                readOnly={readOnly}
                validate={ruleOf(shape.email)}
                onSave={save('email')}
              />
              <InlineField
                layout="inline"
                label="Phone"
                kind="tel"
                value={client.phone ?? ''}
                display={formatPhone(client.phone, me.phoneNumberFormat)}
                readOnly={readOnly}
                validate={ruleOf(shape.phone)}
                onSave={save('phone')}
              />
              <InlineField
                layout="inline"
                label="Phone type"
                kind="select"
                options={phoneTypeOptions}
                emptyLabel="Not set"
                value={client.phoneType ?? ''}
                readOnly={readOnly}
                onSave={save('phoneType')}
              />
              <InlineField
                layout="inline"
                label="Status"
                kind="select"
                options={clientStatusOptions}
                value={client.status}
                readOnly={readOnly}
                onSave={save('status')}
              />
              <InlineField
                layout="inline"
                label="Owner"
                kind="select"
                options={owners.options}
                emptyLabel="Unassigned"
                value={client.assignedTo ?? ''}
                display={owners.nameOf(client.assignedTo)}
                readOnly={readOnly}
                onSave={save('assignedTo')}
              />
              <InlineField
                layout="inline"
                label="Last contact"
                kind="date"
                value={toDateInputValue(client.lastContactDate)}
                display={formatDate(client.lastContactDate)}
                readOnly={readOnly}
                validate={ruleOf(shape.lastContactDate)}
                onSave={(value) => save('lastContactDate')(dateInputToIso(value, 'noon'))}
              />
              <InlineField
                className="mt-2"
                label="Notes"
                kind="textarea"
                value={client.notes ?? ''}
                readOnly={readOnly}
                validate={ruleOf(shape.notes)}
                onSave={save('notes')}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Address</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1.5">
              <InlineField
                layout="inline"
                label="Address line 1"
                value={client.addressLine1 ?? ''}
                readOnly={readOnly}
                validate={ruleOf(shape.addressLine1)}
                onSave={save('addressLine1')}
              />
              <InlineField
                layout="inline"
                label="Address line 2"
                value={client.addressLine2 ?? ''}
                readOnly={readOnly}
                validate={ruleOf(shape.addressLine2)}
                onSave={save('addressLine2')}
              />
              <InlineField
                layout="inline"
                label="City"
                value={client.city ?? ''}
                readOnly={readOnly}
                validate={ruleOf(shape.city)}
                onSave={save('city')}
              />
              <InlineField
                layout="inline"
                label="State"
                kind="select"
                options={stateOptionsWith(client.state)}
                emptyLabel="Not set"
                value={client.state ?? ''}
                readOnly={readOnly}
                onSave={save('state')}
              />
              <InlineField
                layout="inline"
                label="ZIP code"
                value={client.zip ?? ''}
                readOnly={readOnly}
                validate={ruleOf(shape.zip)}
                onSave={save('zip')}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Related</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <RelatedBlock icon={Target} title="Originating lead">
                {client.lead ? (
                  allowed.readLeads ? (
                    <span>
                      Converted from lead{' '}
                      <Link
                        href={`/leads/${client.lead.id}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {client.lead.fullName}
                      </Link>
                    </span>
                  ) : (
                    <span>Converted from lead {client.lead.fullName}</span>
                  )
                ) : (
                  <span className="text-muted-foreground">Added directly, not from a lead</span>
                )}
              </RelatedBlock>
              {/* Only a user who may read deals gets them with the client. */}
              {client.deals ? (
                <RelatedBlock icon={Handshake} title={`Deals (${client.deals.length})`}>
                  {client.deals.length === 0 ? (
                    <span className="text-muted-foreground">No deals yet</span>
                  ) : (
                    <ul className="flex flex-col divide-y divide-border" aria-label="Deals">
                      {client.deals.map((deal) => (
                        <li
                          key={deal.id}
                          className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0"
                        >
                          <div className="min-w-0">
                            {allowed.readDeals ? (
                              <Link
                                href={`/deals/${deal.id}`}
                                className="block truncate font-medium text-primary hover:underline"
                              >
                                {deal.dealName}
                              </Link>
                            ) : (
                              <span className="block truncate font-medium">{deal.dealName}</span>
                            )}
                            <span className="text-xs text-muted-foreground capitalize">{deal.stage}</span>
                          </div>
                          {deal.dealValue !== null ? (
                            <span className="shrink-0 text-sm font-medium tabular-nums">
                              {formatMoney(deal.dealValue)}
                            </span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </RelatedBlock>
              ) : null}
              <RelatedBlock icon={FileText} title="Documents">
                <span>{documentsLabel(client.documentsCount)}</span>
              </RelatedBlock>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Tags</CardTitle>
            </CardHeader>
            <CardContent>
              <TagsInput
                aria-label="Tags"
                value={client.tags}
                onChange={(tags) => update.mutate({ tags })}
                suggestions={tagNames}
                disabled={readOnly}
              />
            </CardContent>
          </Card>

          <RecordCustomFields
            entityType="client"
            values={client.customFields}
            recordName={client.displayName}
            canEdit={allowed.update}
            currency={me.defaultCurrency}
            onSave={(customFields) => update.mutateAsync({ customFields })}
          />
          <RelatedObjectRecords subject={{ type: 'client', id: client.id }} recordName={client.displayName} />
        </div>

        <ActivityTimeline
          subject={{ kind: 'client', id: client.id }}
          title="Notes and activity"
          data-tour="client-notes"
        />
      </div>

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${client.displayName}?`}
        description="The client, its activity history and its documents are deleted. Its deals stay, without a client. This cannot be undone."
        confirmLabel="Delete client"
        pendingLabel="Deleting…"
        pending={deleteClient.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </PageContainer>
  );
}
