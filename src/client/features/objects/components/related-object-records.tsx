import { Link2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import type {
  ObjectDefinition,
  ObjectRelationship,
  RelatedEntityType,
} from '../../../../common/validation/objects';
import { useEntityDefinitions } from '../entity-definitions-query';
import { ObjectIcon } from './object-icon';
import { objectRecordType } from '../object-record-type';
import {
  objectListHref,
  objectRecordHref,
  useCreateEntityRelationship,
  useEntityRelationships,
} from '../records-api';
import { ObjectRecordFormDialog } from './object-record-form-dialog';
import { RecordPickerDialog } from './record-picker-dialog';
import { UnlinkButton } from './unlink-button';

interface RelatedObjectRecordsProps {
  /** The lead, client, company or deal whose page this is. */
  subject: { type: Exclude<RelatedEntityType, 'entity_record'>; id: string };
  /** Its name, for the dialogs ("Linked to …"). */
  recordName: string;
  /** `card` on a record page; `section` in a side panel. */
  variant?: 'card' | 'section';
}

/**
 * The custom records linked to a lead, client, company or deal, per active object the user may
 * read ("Heirs · 2"): open one, add a new one already linked, link an existing one, unlink.
 */
export function RelatedObjectRecords({ subject, recordName, variant = 'card' }: RelatedObjectRecordsProps) {
  const me = useSignedInUser();
  const definitions = useEntityDefinitions();
  const readable = (definitions.data?.items ?? []).filter(
    (definition) => definition.isActive && can(me, definition.permissionCategory, 'read'),
  );
  // Asked only when some object could list records here.
  const relationships = useEntityRelationships(subject, { enabled: readable.length > 0 });
  if (definitions.isError || (!definitions.isPending && readable.length === 0)) return null;

  const body =
    relationships.isPending || definitions.isPending ? (
      <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading linked records">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-full" />
      </div>
    ) : relationships.isError ? (
      <p className="text-sm text-destructive">{readApiError(relationships.error).message}</p>
    ) : (
      <div className="flex flex-col gap-5">
        {readable.map((definition) => (
          <ObjectBlock
            key={definition.id}
            definition={definition}
            subject={subject}
            recordName={recordName}
            links={relationships.rows.filter((link) => link.record.entityType === definition.entityType)}
          />
        ))}
      </div>
    );

  if (variant === 'section') {
    return (
      <section aria-labelledby="linked-object-records" className="grid gap-2">
        <h3 id="linked-object-records" className="text-sm font-semibold">
          Linked records
        </h3>
        {body}
      </section>
    );
  }
  return (
    <Card className="min-w-0" aria-labelledby="linked-object-records">
      <CardHeader>
        <CardTitle id="linked-object-records">Linked records</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function ObjectBlock({
  definition,
  subject,
  recordName,
  links,
}: {
  definition: ObjectDefinition;
  subject: RelatedObjectRecordsProps['subject'];
  recordName: string;
  links: ObjectRelationship[];
}) {
  const me = useSignedInUser();
  const link = useCreateEntityRelationship();
  const [creating, setCreating] = useState(false);
  const [picking, setPicking] = useState(false);
  const noun = definition.displayName.toLowerCase();
  const canLink = can(me, definition.permissionCategory, 'update');
  const canCreate = canLink && can(me, definition.permissionCategory, 'create');
  const headingId = `linked-${definition.entityType}`;

  const linkTo = (entityRecordId: string) =>
    link.mutateAsync({ entityRecordId, relatedEntityType: subject.type, relatedEntityId: subject.id });

  return (
    <section aria-labelledby={headingId} className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <ObjectIcon name={definition.iconName} className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-h-8 items-center justify-between gap-2">
          <h3 id={headingId} className="text-sm font-medium">
            <Link href={objectListHref(definition.entityType)} className="hover:underline">
              {definition.pluralName}
            </Link>
            <span className="text-muted-foreground"> · {links.length}</span>
          </h3>
          {canLink ? (
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="sm" className="h-8">
                  <Plus aria-hidden="true" />
                  Add<span className="sr-only"> {noun}</span>
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                {canCreate ? (
                  <DropdownMenuItem onSelect={() => setCreating(true)}>
                    <Plus aria-hidden="true" />
                    New {noun}
                  </DropdownMenuItem>
                ) : null}
                <DropdownMenuItem onSelect={() => setPicking(true)}>
                  <Link2 aria-hidden="true" />
                  Link an existing {noun}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No {definition.pluralName.toLowerCase()} linked yet.
          </p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1" aria-label={definition.pluralName}>
            {links.map((relationship) => (
              <li
                key={relationship.id}
                className={cn('flex min-h-8 items-center justify-between gap-2 text-sm')}
              >
                <Link
                  href={objectRecordHref(relationship.record.entityType, relationship.record.id)}
                  className="min-w-0 truncate font-medium text-primary hover:underline"
                >
                  {relationship.record.displayName}
                </Link>
                {canLink ? (
                  <UnlinkButton
                    relationshipId={relationship.id}
                    name={relationship.record.displayName}
                    from={recordName}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      {canCreate ? (
        <ObjectRecordFormDialog
          type={objectRecordType(definition, { currency: me.defaultCurrency })}
          open={creating}
          onOpenChange={setCreating}
          context={`Linked to ${recordName}`}
          onCreated={(record) =>
            linkTo(record.id).catch((error: unknown) =>
              toast.error(`The ${noun} was created but not linked`, {
                description: readApiError(error).message,
              }),
            )
          }
        />
      ) : null}
      <RecordPickerDialog
        open={picking}
        onOpenChange={setPicking}
        title={`Link an existing ${noun}`}
        description={`Choose the ${noun} to link to ${recordName}.`}
        source={{ kind: 'object', entityType: definition.entityType }}
        exclude={new Set(links.map((relationship) => `entity_record:${relationship.record.id}`))}
        onPick={async (picked) => {
          await linkTo(picked.id);
          toast.success(`${definition.displayName} linked`, { description: picked.title });
        }}
      />
    </section>
  );
}
