/**
 * GET /api/sample-data: how many sample records the organization still holds, of the kinds the
 * user may read (a kind they may not read is left out).
 */
export interface SampleDataCounts {
  leads?: number;
  clients?: number;
  companies?: number;
  deals?: number;
}

export const noSampleData: SampleDataCounts = { leads: 0, clients: 0, companies: 0, deals: 0 };

export function sampleRecordTotal(counts: SampleDataCounts): number {
  return (counts.leads ?? 0) + (counts.clients ?? 0) + (counts.companies ?? 0) + (counts.deals ?? 0);
}

const nouns: [keyof SampleDataCounts, string, string][] = [
  ['leads', 'lead', 'leads'],
  ['clients', 'client', 'clients'],
  ['companies', 'company', 'companies'],
  ['deals', 'deal', 'deals'],
];

/** "8 leads, 4 clients, 1 company and 5 deals" (entities with none left out); "no records" if empty. */
export function describeSampleCounts(counts: SampleDataCounts): string {
  const parts = nouns
    .map(([key, one, many]) => [counts[key] ?? 0, one, many] as const)
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  if (parts.length === 0) return 'no records';
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The cached reads that clearing sample data changes: record lists and details, activities,
 * tasks, the dashboard, pipeline boards and search. Query keys start with the API path.
 */
const changedPaths = [
  '/api/leads',
  '/api/clients',
  '/api/companies',
  '/api/deals',
  '/api/activities',
  '/api/lead-activities',
  '/api/tasks',
  '/api/dashboard',
  '/api/pipelines',
  '/api/search',
];

export function isChangedByClearing(queryKey: readonly unknown[]): boolean {
  const [path] = queryKey;
  return (
    typeof path === 'string' &&
    changedPaths.some(
      (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
    )
  );
}

/** The dashboard hint, once dismissed, stays away in this browser. */
export const sampleHintStorageKey = 'locus-sample-data-hint-dismissed';

export function readHintDismissed(): boolean {
  try {
    return window.localStorage.getItem(sampleHintStorageKey) === 'true';
  } catch {
    return false;
  }
}

export function storeHintDismissed(): void {
  try {
    window.localStorage.setItem(sampleHintStorageKey, 'true');
  } catch {
    // Storage may be unavailable (private mode): the hint just comes back next time.
  }
}
