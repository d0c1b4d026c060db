import { Building2, Contact, Handshake, Link2, type LucideIcon, Target } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import type {
  ObjectDefinition,
  ObjectRelationship,
  RelatedEntityType,
} from '../../../../common/validation/objects';
import { useEntityDefinitions } from '../entity-definitions-query';
import { objectIconOf } from './object-icon';
import {
  type ObjectRecordDetail,
  objectRecordHref,
  useCreateEntityRelationship,
  useEntityRelationships,
} from '../records-api';
import { RecordPickerDialog } from './record-picker-dialog';
import { UnlinkButton } from './unlink-button';

/** The far end of a link, seen from the record whose page this is. */
export interface LinkedRecord {
  relationshipId: string;
  type: RelatedEntityType;
  id: string;
  name: string;
  href: string;
  /** For a custom record: its object's type slug. */
  entityType: string | null;
}

const objectTypeOfPath = (path: string) => /^\/objects\/([^/]+)\//.exec(path)?.[1] ?? null;

/** A link from either side, as the record `recordId` sees it (links found from both ends counted once). */
export function linkedRecords(
  recordId: string,
  relationships: readonly ObjectRelationship[],
): LinkedRecord[] {
  const seen = new Set<string>();
  const linked: LinkedRecord[] = [];
  for (const relationship of relationships) {
    if (seen.has(relationship.id)) continue;
    seen.add(relationship.id);
    if (relationship.entityRecordId === recordId) {
      const { related } = relationship;
      linked.push({
        relationshipId: relationship.id,
        type: related.type,
        id: related.id,
        name: related.name,
        href: related.path,
        entityType: related.type === 'entity_record' ? objectTypeOfPath(related.path) : null,
      });
    } else {
      const { record } = relationship;
      linked.push({
        relationshipId: relationship.id,
        type: 'entity_record',
        id: record.id,
        name: record.displayName,
        href: objectRecordHref(record.entityType, record.id),
        entityType: record.entityType,
      });
    }
  }
  return linked;
}

const standardGroups: {
  type: Exclude<RelatedEntityType, 'entity_record'>;
  title: string;
  icon: LucideIcon;
}[] = [
  { type: 'deal', title: 'Deals', icon: Handshake },
  { type: 'client', title: 'Clients', icon: Contact },
  { type: 'company', title: 'Companies', icon: Building2 },
  { type: 'lead', title: 'Leads', icon: Target },
];

interface LinkGroup {
  key: string;
  title: string;
  icon: LucideIcon;
  links: LinkedRecord[];
}

/** Deals, clients, companies, leads, then each object's records; only groups with links. */
export function groupLinks(
  links: readonly LinkedRecord[],
  definitions: readonly ObjectDefinition[],
): LinkGroup[] {
  const groups: LinkGroup[] = standardGroups.map((group) => ({
    key: group.type,
    title: group.title,
    icon: group.icon,
    links: links.filter((link) => link.type === group.type),
  }));
  const objectTypes = [...new Set(links.flatMap((link) => (link.entityType ? [link.entityType] : [])))];
  for (const entityType of objectTypes) {
    const definition = definitions.find((item) => item.entityType === entityType);
    groups.push({
      key: `object:${entityType}`,
      title: definition?.pluralName ?? entityType,
      icon: objectIconOf(definition?.iconName),
      links: links.filter((link) => link.entityType === entityType),
    });
  }
  return groups.filter((group) => group.links.length > 0);
}

/** A custom record's links to leads, clients, companies, deals and other objects' records. */
export function RecordRelationships({
  record,
  permission,
}: {
  record: ObjectRecordDetail;
  permission: ObjectDefinition['permissionCategory'];
}) {
  const me = useSignedInUser();
  const definitions = useEntityDefinitions();
  const outgoing = useEntityRelationships({ entityRecordId: record.id });
  const incoming = useEntityRelationships({ type: 'entity_record', id: record.id });
  const link = useCreateEntityRelationship();
  const [picking, setPicking] = useState(false);
  const canLink = can(me, permission, 'update');
  const pending = outgoing.isPending || incoming.isPending;
  const failed = outgoing.error ?? incoming.error;
  const links = linkedRecords(record.id, [...outgoing.rows, ...incoming.rows]);
  const groups = groupLinks(links, definitions.data?.items ?? []);

  return (
    <Card className="min-w-0 lg:self-start" aria-labelledby="record-links">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id="record-links">Related records</CardTitle>
        {canLink ? (
          <Button variant="ghost" size="sm" className="h-8" onClick={() => setPicking(true)}>
            <Link2 aria-hidden="true" />
            Link a record
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {pending ? (
          <div
            role="status"
            className="flex flex-col gap-3"
            aria-busy="true"
            aria-label="Loading related records"
          >
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : failed ? (
          <p className="text-sm text-destructive">{readApiError(failed).message}</p>
        ) : groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Not linked to any record yet. Link it to the deal, client or company it belongs to.
          </p>
        ) : (
          <div className="flex flex-col gap-5">
            {groups.map((group) => (
              <section key={group.key} aria-label={group.title} className="flex gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                  <group.icon className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="text-xs font-medium text-muted-foreground">
                    {group.title} · {group.links.length}
                  </h3>
                  <ul className="mt-1 flex flex-col gap-1">
                    {group.links.map((linked) => (
                      <li
                        key={linked.relationshipId}
                        className="flex min-h-8 items-center justify-between gap-2 text-sm"
                      >
                        <Link
                          href={linked.href}
                          className="min-w-0 truncate font-medium text-primary hover:underline"
                        >
                          {linked.name}
                        </Link>
                        {canLink ? (
                          <UnlinkButton
                            relationshipId={linked.relationshipId}
                            name={linked.name}
                            from={record.displayName}
                          />
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </div>
              </section>
            ))}
          </div>
        )}
      </CardContent>
      <RecordPickerDialog
        open={picking}
        onOpenChange={setPicking}
        title="Link a record"
        description={`Find the lead, client, company, deal or record to link to ${record.displayName}.`}
        source={{ kind: 'any' }}
        exclude={
          new Set([`entity_record:${record.id}`, ...links.map((linked) => `${linked.type}:${linked.id}`)])
        }
        onPick={async (picked) => {
          await link.mutateAsync({
            entityRecordId: record.id,
            relatedEntityType: picked.type,
            relatedEntityId: picked.id,
          });
          toast.success('Record linked', { description: picked.title });
        }}
      />
    </Card>
  );
}
