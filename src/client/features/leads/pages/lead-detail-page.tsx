import { ArrowRightLeft, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { formatDate } from '../../../components/data-table/format';
import { useLeadSourceNames } from '../../../components/data-table/use-record-options';
import { PersonStatusBadge } from '../../../components/person-status-badge';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { useSignedInUser } from '../../auth/signed-in-user';
import { RelatedObjectRecords } from '../../objects/components/related-object-records';
import { RecordDetailPage, RecordDetailRoute } from '../../records/record-detail-page';
import { ComposeEmailButton } from '../../email/record-email-tab';
import { type Lead, useDeleteLead, useLead, useUpdateLead } from '../api';
import { ConvertLeadDialog } from '../components/convert-lead-dialog';
import { interestBadge, leadStatusBadge } from '../lead-options';
import { leadDetailDescription } from '../lead-record-fields';

/** /leads/:id: the lead's details (edited in place), its activity timeline and conversion. */
export function LeadDetailPage({ id }: { id: string }) {
  return (
    <RecordDetailRoute query={useLead(id)} description={leadDetailDescription}>
      {(lead) => <LeadDetail lead={lead} />}
    </RecordDetailRoute>
  );
}

function LeadDetail({ lead }: { lead: Lead }) {
  const me = useSignedInUser();
  const update = useUpdateLead(lead.id);
  const deleteLead = useDeleteLead();
  const sources = useLeadSourceNames();
  const [converting, setConverting] = useState(false);
  const allowed = {
    convert: can(me, 'leads', 'update') && can(me, 'clients', 'create'),
    // "With a deal" only for whoever may read (and so also see) the deal it makes.
    createDeal: can(me, 'deals', 'read') && can(me, 'deals', 'create'),
  };
  // Converted means a client came from the lead (as the convert call decides), not the status alone.
  const converted = lead.convertedClientId !== null;
  const email = { entityType: 'lead' as const, entityId: lead.id, name: lead.fullName, email: lead.email };

  return (
    <RecordDetailPage
      description={leadDetailDescription}
      record={lead}
      update={update}
      remove={deleteLead}
      suggestions={{ sources }}
      email={email}
      relatedRecords={
        <RelatedObjectRecords subject={{ type: 'lead', id: lead.id }} recordName={lead.fullName} />
      }
      badges={
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
          <ComposeEmailButton record={email} />
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
        </>
      }
      banner={converted ? <ConvertedBanner lead={lead} /> : null}
    >
      {allowed.convert && !converted ? (
        <ConvertLeadDialog
          lead={lead}
          open={converting}
          onOpenChange={setConverting}
          canCreateDeal={allowed.createDeal}
        />
      ) : null}
    </RecordDetailPage>
  );
}

function ConvertedBanner({ lead }: { lead: Lead }) {
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      <Badge variant="success">
        <CircleCheck className="size-3" aria-hidden="true" />
        Converted
      </Badge>
      <span>Converted to a client{lead.conversionDate ? ` on ${formatDate(lead.conversionDate)}` : ''}.</span>
      {lead.convertedClientId ? (
        <Link
          href={`/clients/${lead.convertedClientId}`}
          className="font-medium underline underline-offset-2 hover:text-emerald-950"
        >
          Open the client
        </Link>
      ) : null}
    </div>
  );
}
