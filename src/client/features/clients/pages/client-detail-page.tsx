import { FilePlus2, FileText, Handshake, Target } from 'lucide-react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { formatDate, formatMoney } from '../../../components/data-table/format';
import { PersonStatusBadge } from '../../../components/person-status-badge';
import { documentsLabel, RelatedBlock } from '../../../components/related-block';
import { buttonClassName } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useSignedInUser } from '../../auth/signed-in-user';
import { RelatedObjectRecords } from '../../objects/components/related-object-records';
import { RecordDetailPage, RecordDetailRoute } from '../../records/record-detail-page';
import { ComposeEmailButton } from '../../email/record-email-tab';
import { RecordDocumentsCard } from '../../documents/components/record-documents-card';
import { type ClientDetail, useClient, useDeleteClient, useUpdateClient } from '../api';
import { clientStatusBadge, clientStatusLabel } from '../client-options';
import { clientDetailDescription } from '../client-record-fields';

/** /clients/:id: the client's details (edited in place), deals, documents and activity timeline. */
export function ClientDetailPage({ id }: { id: string }) {
  return (
    <RecordDetailRoute query={useClient(id)} description={clientDetailDescription}>
      {(client) => <ClientDetailView client={client} />}
    </RecordDetailRoute>
  );
}

function ClientDetailView({ client }: { client: ClientDetail }) {
  const me = useSignedInUser();
  const update = useUpdateClient(client.id);
  const deleteClient = useDeleteClient();
  const email = {
    entityType: 'client' as const,
    entityId: client.id,
    name: client.displayName,
    email: client.email,
  };
  return (
    <RecordDetailPage
      description={clientDetailDescription}
      record={client}
      update={update}
      remove={deleteClient}
      email={email}
      badges={
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
          <ComposeEmailButton record={email} />
          {can(me, 'documents', 'create') ? (
            <Link
              href={`/clients/${client.id}/documents/create`}
              className={buttonClassName({ variant: 'secondary' })}
            >
              <FilePlus2 aria-hidden="true" />
              New document
            </Link>
          ) : null}
        </>
      }
      related={
        <>
          <RelatedCard client={client} />
          <RecordDocumentsCard owner={{ kind: 'client', id: client.id, name: client.displayName }} />
        </>
      }
      relatedRecords={
        <RelatedObjectRecords subject={{ type: 'client', id: client.id }} recordName={client.displayName} />
      }
    />
  );
}

/** The lead the client came from, its deals (for whoever may read deals) and its documents. */
function RelatedCard({ client }: { client: ClientDetail }) {
  const me = useSignedInUser();
  const allowed = { readDeals: can(me, 'deals', 'read'), readLeads: can(me, 'leads', 'read') };
  return (
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
                <Link href={`/leads/${client.lead.id}`} className="font-medium text-primary hover:underline">
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
  );
}
