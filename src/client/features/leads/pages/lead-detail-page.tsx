import { ArrowRightLeft, ChevronRight, CircleCheck, Ellipsis, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { updateLeadSchema } from '../../../../common/validation/leads';
import { dateInputToIso, formatDate, toDateInputValue } from '../../../components/data-table/format';
import {
  useLeadSourceNames,
  useOwnerOptions,
  useTagNames,
} from '../../../components/data-table/use-record-options';
import { RecordCustomFields } from '../../../components/data-table/record-custom-fields';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
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
import { formatPhone } from '../../../../common/phone-format';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type Lead, useDeleteLead, useLead, useUpdateLead } from '../api';
import { ConvertLeadDialog } from '../components/convert-lead-dialog';
import {
  interestBadge,
  interestLevelOptions,
  leadStatusBadge,
  leadStatusOptions,
  settableLeadStatusOptions,
  phoneTypeOptions,
} from '../lead-options';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { RelatedObjectRecords } from '../../objects/components/related-object-records';

const shape = updateLeadSchema.shape;

/** /leads/:id: the lead's details (edited in place), its activity timeline and conversion. */
export function LeadDetailPage({ id }: { id: string }) {
  const lead = useLead(id);
  if (lead.isPending) return <RecordPageSkeleton />;
  if (lead.isError || !lead.data) {
    return <RecordLoadError error={lead.error} singular="Lead" listHref="/leads" />;
  }
  return <LeadDetail lead={lead.data} />;
}

function LeadDetail({ lead }: { lead: Lead }) {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const update = useUpdateLead(lead.id);
  const deleteLead = useDeleteLead();
  const owners = useOwnerOptions(me);
  const sources = useLeadSourceNames();
  const tagNames = useTagNames();
  const [converting, setConverting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const allowed = {
    update: can(me, 'leads', 'update'),
    remove: can(me, 'leads', 'delete'),
    convert: can(me, 'leads', 'update') && can(me, 'clients', 'create'),
    // "With a deal" only for whoever may read (and so also see) the deal it makes.
    createDeal: can(me, 'deals', 'read') && can(me, 'deals', 'create'),
  };
  // Converted means a client came from the lead (as the convert call decides), not the status alone.
  const converted = lead.convertedClientId !== null;
  const readOnly = !allowed.update;
  const save = (key: keyof Lead) => (value: unknown) => update.mutate({ [key]: value });

  const confirmDelete = async () => {
    try {
      await deleteLead.mutateAsync(lead.id);
      toast.success('Lead deleted', { description: `${lead.fullName} was removed.` });
      navigate('/leads');
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        eyebrow={
          <nav aria-label="Breadcrumb" className="flex items-center gap-1">
            <Link href="/leads" className="hover:text-foreground">
              Lead list
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
            <span aria-current="page" className="truncate">
              {lead.fullName}
            </span>
          </nav>
        }
        title={<span className="break-words">{lead.fullName}</span>}
        documentTitle={lead.fullName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PersonStatusBadge
              status={lead.leadStatus}
              variant={leadStatusBadge[lead.leadStatus] ?? 'neutral'}
            />
            {lead.interestLevel ? (
              <Badge variant={interestBadge[lead.interestLevel] ?? 'neutral'}>
                {lead.interestLevel} interest
              </Badge>
            ) : null}
            {lead.businessName ? <span>{lead.businessName}</span> : null}
            <span>Added {formatDate(lead.createdAt)}</span>
          </span>
        }
        actions={
          <>
            {lead.convertedClientId ? (
              <Link
                href={`/clients/${lead.convertedClientId}`}
                className={buttonClassName({ variant: 'secondary' })}
              >
                <CircleCheck aria-hidden="true" />
                View client
              </Link>
            ) : allowed.convert ? (
              <Button onClick={() => setConverting(true)}>
                <ArrowRightLeft aria-hidden="true" />
                Convert to client
              </Button>
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
                    Delete lead
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ) : null}
          </>
        }
      />

      {converted ? (
        <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <Badge variant="success">
            <CircleCheck className="size-3" aria-hidden="true" />
            Converted
          </Badge>
          <span>
            Converted to a client{lead.conversionDate ? ` on ${formatDate(lead.conversionDate)}` : ''}.
          </span>
          {lead.convertedClientId ? (
            <Link
              href={`/clients/${lead.convertedClientId}`}
              className="font-medium underline underline-offset-2 hover:text-emerald-950"
            >
              Open the client
            </Link>
          ) : null}
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1.5">
              <InlineField
                layout="inline"
                label="Full name"
                value={lead.fullName}
                readOnly={readOnly}
                validate={ruleOf(shape.fullName)}
                onSave={save('fullName')}
              />
              <InlineField
                layout="inline"
                label="Email"
                kind="email"
                value={lead.email ?? ''}
                readOnly={readOnly}
                validate={ruleOf(shape.email)}
                onSave={save('email')}
              />
              <InlineField
                layout="inline"
                label="Phone"
                kind="tel"
                value={lead.phone ?? ''}
                display={formatPhone(lead.phone, me.phoneNumberFormat)}
                readOnly={readOnly}
                onSave={save('phone')}
              />
              <InlineField
                layout="inline"
                label="Phone type"
                kind="select"
                options={phoneTypeOptions}
                emptyLabel="Not set"
                value={lead.phoneType ?? ''}
                readOnly={readOnly}
                onSave={save('phoneType')}
              />
              <InlineField
                layout="inline"
                label="Status"
                kind="select"
                options={lead.leadStatus === 'Converted' ? leadStatusOptions : settableLeadStatusOptions}
                value={lead.leadStatus}
                readOnly={readOnly}
                onSave={save('leadStatus')}
              />
              <InlineField
                layout="inline"
                label="Interest level"
                kind="select"
                options={interestLevelOptions}
                emptyLabel="Not set"
                value={lead.interestLevel ?? ''}
                readOnly={readOnly}
                onSave={save('interestLevel')}
              />
              <InlineField
                layout="inline"
                label="Owner"
                kind="select"
                options={owners.options}
                emptyLabel="Unassigned"
                value={lead.assignedOwner ?? ''}
                display={owners.nameOf(lead.assignedOwner)}
                readOnly={readOnly}
                onSave={save('assignedOwner')}
              />
              <InlineField
                layout="inline"
                label="Business name"
                value={lead.businessName ?? ''}
                readOnly={readOnly}
                onSave={save('businessName')}
              />
              <InlineField
                layout="inline"
                label="Industry"
                value={lead.industry ?? ''}
                readOnly={readOnly}
                onSave={save('industry')}
              />
              <InlineField
                layout="inline"
                label="Location"
                value={lead.location ?? ''}
                readOnly={readOnly}
                onSave={save('location')}
              />
              <InlineField
                layout="inline"
                label="Lead source"
                kind={sources.length > 0 ? 'select' : 'text'}
                options={[
                  ...sources.map((source) => ({ value: source, label: source })),
                  ...(lead.leadSource && !sources.includes(lead.leadSource)
                    ? [{ value: lead.leadSource, label: lead.leadSource }]
                    : []),
                ]}
                emptyLabel="Not set"
                value={lead.leadSource ?? ''}
                readOnly={readOnly}
                onSave={save('leadSource')}
              />
              <InlineField
                layout="inline"
                label="Last contact"
                kind="date"
                value={toDateInputValue(lead.lastContactDate)}
                display={formatDate(lead.lastContactDate)}
                readOnly={readOnly}
                validate={ruleOf(shape.lastContactDate)}
                onSave={(value) => save('lastContactDate')(dateInputToIso(value, 'noon'))}
              />
              <InlineField
                className="mt-2"
                label="Notes"
                kind="textarea"
                value={lead.notes ?? ''}
                readOnly={readOnly}
                onSave={save('notes')}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Tags</CardTitle>
            </CardHeader>
            <CardContent>
              <TagsInput
                aria-label="Tags"
                value={lead.tags}
                onChange={(tags) => update.mutate({ tags })}
                suggestions={tagNames}
                disabled={readOnly}
              />
            </CardContent>
          </Card>

          <RecordCustomFields
            entityType="lead"
            values={lead.customFields}
            recordName={lead.fullName}
            canEdit={allowed.update}
            currency={me.defaultCurrency}
            onSave={(customFields) => update.mutateAsync({ customFields })}
          />
          <RelatedObjectRecords subject={{ type: 'lead', id: lead.id }} recordName={lead.fullName} />
        </div>

        <ActivityTimeline subject={{ kind: 'lead', id: lead.id }} />
      </div>

      {allowed.convert && !converted ? (
        <ConvertLeadDialog
          lead={lead}
          open={converting}
          onOpenChange={setConverting}
          canCreateDeal={allowed.createDeal}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${lead.fullName}?`}
        description="The lead and its activity history are deleted. This cannot be undone."
        confirmLabel="Delete lead"
        pendingLabel="Deleting…"
        pending={deleteLead.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </PageContainer>
  );
}
