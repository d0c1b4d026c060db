/*
 * The board's first answer, asked for the moment the page starts (main.tsx) when the address
 * opens the board and the browser remembers which pipeline it showed last: the request then
 * travels while the application's scripts load and the pipelines are read, instead of after them
 * (issue 21 §3). The board's query takes it once, while fresh; everything else asks as usual.
 * This module is part of the first script every page loads: it imports nothing.
 */

export const dealsViewStorageKey = 'locus.deals.view';
/** The pipeline the user picked (when the organization has several). */
export const pipelineStorageKey = 'locus.deals.pipeline';
/** The pipeline whose board was shown last: what a preload asks for. */
export const shownPipelineStorageKey = 'locus.deals.shown-pipeline';
/** Cards per column on the board's first answer and per page after it. */
export const boardPerColumn = 50;
/** Older than this, a preloaded answer is not used: the scripts took too long to want it. */
const freshForMs = 10_000;

export const boardUrl = (pipelineId: string) =>
  `/api/pipelines/${encodeURIComponent(pipelineId)}/board?perColumn=${boardPerColumn}`;

let preloaded: { url: string; startedAt: number; answer: Promise<Response | null> } | null = null;

/** Storage may be unavailable (private mode, blocked): then nothing is preloaded. */
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/**
 * Asks for the board of the last shown pipeline when `location` is the deals page showing the
 * board: `?view=board`, or no query at all and the board remembered as the view (a search or
 * filter in the address opens the list). Answers the URL asked for, or null.
 */
export function preloadBoard(
  location: Pick<Location, 'pathname' | 'search'> = window.location,
  storage: () => Storage = () => window.localStorage,
) {
  if (location.pathname !== '/deals') return null;
  const params = new URLSearchParams(location.search);
  const view = params.has('view')
    ? params.get('view')
    : params.size === 0
      ? read(storage, dealsViewStorageKey)
      : null;
  if (view !== 'board') return null;
  const pipelineId = read(storage, shownPipelineStorageKey);
  if (!pipelineId) return null;
  const url = boardUrl(pipelineId);
  preloaded = {
    url,
    startedAt: performance.now(),
    // A failure here is nobody's to report: the board's query asks again and reports its own.
    answer: fetch(url, { credentials: 'include', headers: { 'Content-Type': 'application/json' } }).catch(
      () => null,
    ),
  };
  return url;
}

/** The preloaded answer for `url` when there is a fresh one (once), else null. */
export function takePreloadedBoard(url: string): Promise<Response | null> | null {
  const found = preloaded;
  preloaded = null;
  if (!found || found.url !== url || performance.now() - found.startedAt > freshForMs) return null;
  return found.answer;
}
