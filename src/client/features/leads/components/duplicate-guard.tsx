import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { readApiError } from '../../../lib/api';
import type { RecordFormGuard } from '../../records/record-form-dialog';
import { type DuplicateMatch, useFindDuplicates } from '../api';

/**
 * The lead form's check before saving: leads and clients with the same e-mail or phone are listed,
 * and the next submit saves anyway. Changing the e-mail or phone asks again.
 */
export function useDuplicateGuard(): RecordFormGuard {
  const findDuplicates = useFindDuplicates();
  const [duplicates, setDuplicates] = useState<DuplicateMatch[] | null>(null);
  const [checking, setChecking] = useState(false);
  return {
    check: async (values) => {
      if (duplicates !== null) return true;
      setChecking(true);
      try {
        const matches = await findDuplicates({
          email: values.email as string | undefined,
          phone: values.phone as string | undefined,
        });
        if (matches.length > 0) {
          setDuplicates(matches);
          return false;
        }
      } catch (error) {
        // The check is advice: if it cannot run, saving still goes ahead.
        console.warn('Duplicate check failed', readApiError(error).message);
      } finally {
        setChecking(false);
      }
      return true;
    },
    notice: duplicates && duplicates.length > 0 ? <DuplicateWarning matches={duplicates} /> : null,
    busyLabel: checking ? 'Checking…' : undefined,
    submitLabel: duplicates ? 'Save anyway' : undefined,
    watches: ['email', 'phone'],
    reset: () => setDuplicates(null),
  };
}

function DuplicateWarning({ matches }: { matches: DuplicateMatch[] }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {matches.length === 1 ? 'This may be a duplicate' : `This may duplicate ${matches.length} records`}
      </div>
      <p className="mt-1 leading-6">
        The same e-mail or phone is already on file. Open a match to check it, or save this lead anyway.
      </p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {matches.map((match) => (
          <li key={`${match.kind}-${match.id}`} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="rounded bg-amber-100 px-1.5 text-xs font-medium uppercase">
              {match.kind === 'lead' ? 'Lead' : 'Client'}
            </span>
            <Link
              href={match.kind === 'lead' ? `/leads/${match.id}` : `/clients/${match.id}`}
              className="font-medium underline underline-offset-2 hover:text-amber-950"
            >
              {match.name}
            </Link>
            <span className="min-w-0 truncate text-amber-800">
              {[match.email, match.phone].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
