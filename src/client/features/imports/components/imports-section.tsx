import { useState } from 'react';
import { can, canAny } from '../../../../common/permissions';
import { useSignedInUser } from '../../auth/signed-in-user';
import { importEntityTypes } from '../api';
import { ImportHistory } from './import-history';
import { ScheduledImports } from './scheduled-imports';

/** The Imports tab of /integrations: the import history (live) and the scheduled imports. */
export function ImportsSection() {
  const me = useSignedInUser();
  // Importing creates records: anyone who may create one of the four kinds may import them.
  const canImport = canAny(
    me,
    importEntityTypes.map((type) => [type, 'create']),
  );
  // After "Run now" both lists are read again for a while: the run reports back asynchronously.
  const [watchUntil, setWatchUntil] = useState(0);
  return (
    <div className="flex flex-col gap-10">
      <ImportHistory canManage={canImport} watchUntil={watchUntil} />
      <ScheduledImports
        canManage={can(me, 'settings', 'update')}
        watchUntil={watchUntil}
        onRun={() => setWatchUntil(Date.now() + 30_000)}
      />
    </div>
  );
}
