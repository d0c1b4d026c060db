import { FlaskConical, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { Button } from '../../../components/ui/button';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useSampleDataStatus } from '../api';
import { readHintDismissed, sampleRecordTotal, storeHintDismissed } from '../sample-data-model';
import { ClearSampleDataButton } from './clear-sample-data-button';

/** The dashboard's reminder that the records shown are samples, until they are cleared or it is dismissed. */
export function SampleDataHint() {
  const user = useSignedInUser();
  const [dismissed, setDismissed] = useState(readHintDismissed);
  const status = useSampleDataStatus(can(user, 'settings', 'view') && !dismissed);
  const counts = status.data;
  if (dismissed || !counts || sampleRecordTotal(counts) === 0) return null;

  const dismiss = () => {
    storeHintDismissed();
    setDismissed(true);
  };

  return (
    <section
      aria-label="Sample data"
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm leading-6 text-sky-900 sm:flex-row sm:items-center"
    >
      <FlaskConical className="hidden size-5 shrink-0 text-sky-600 sm:block" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">You're looking at sample data.</span> Explore freely; when you're
        ready, clear it and start with your own records.{' '}
        <Link href="/settings/organization" className="font-medium underline underline-offset-2">
          Manage sample data
        </Link>
      </p>
      <div className="flex items-center gap-2">
        {can(user, 'settings', 'update') ? <ClearSampleDataButton counts={counts} size="sm" /> : null}
        <Button variant="ghost" size="icon" className="size-8" aria-label="Dismiss" onClick={dismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
