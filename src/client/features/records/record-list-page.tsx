import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { can } from '../../../common/permissions';
import { LoadOnOpen } from '../../components/load-on-open';
import { PageContainer, PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { useCreateParam } from '../../lib/use-create-param';
import { useSignedInUser } from '../auth/signed-in-user';
import { RecordList } from './record-list';
import type { RecordListDescription, RecordListRow } from './record-type';
import { useRecordLinks } from './use-record-links';

/**
 * A record type's list page from its description: the header with "New …" (and `?new=1`), the
 * list, and the create dialog, which opens the new record where the type opens records. The
 * dialog mounts on first open, so a type whose dialog is lazy loads its form code only then.
 */
export function RecordListPage<Row extends RecordListRow>({
  description: type,
}: {
  description: RecordListDescription<Row>;
}) {
  const me = useSignedInUser();
  const { openRecord } = useRecordLinks(type, type.Panel !== undefined);
  const CreateDialog = type.CreateDialog;
  const canCreate = CreateDialog !== undefined && can(me, type.permission, 'create');
  const [creating, setCreating] = useState(false);
  const openCreate = useCallback(() => setCreating(true), []);
  useCreateParam(openCreate, canCreate);

  return (
    <PageContainer>
      <PageHeader
        data-tour={type.tourTargets?.header}
        title={type.title}
        description={type.description}
        actions={
          canCreate ? (
            <Button onClick={openCreate}>
              <Plus aria-hidden="true" />
              New {type.noun.one}
            </Button>
          ) : null
        }
      />
      <RecordList className="mt-6" description={type} onCreate={canCreate ? openCreate : undefined} />
      {CreateDialog && canCreate ? (
        <LoadOnOpen open={creating}>
          <CreateDialog open={creating} onOpenChange={setCreating} onCreated={openRecord} />
        </LoadOnOpen>
      ) : null}
    </PageContainer>
  );
}
