import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeyToUrl } from '../../lib/api';
import { boardQueryKey } from './api';
import {
  boardUrl,
  dealsViewStorageKey,
  preloadBoard,
  shownPipelineStorageKey,
  takePreloadedBoard,
} from './board-preload';

const pipelineId = '569019a8-5076-404d-b4c0-00d3d288ae35';

function storageOf(values: Record<string, string>): () => Storage {
  return () => ({ getItem: (key: string) => values[key] ?? null }) as Storage;
}

const at = (address: string) => {
  const url = new URL(address, 'http://locus.test');
  return { pathname: url.pathname, search: url.search };
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response('{"columns":[]}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  // Nothing left over from the test before.
  takePreloadedBoard('');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Storage a browser refuses (private mode, blocked cookies). */
function blockedStorage(): never {
  throw new DOMException('denied', 'SecurityError');
}

describe('preloadBoard', () => {
  it('asks for the last shown board on /deals?view=board, the URL the board query reads', async () => {
    const url = preloadBoard(at('/deals?view=board'), storageOf({ [shownPipelineStorageKey]: pipelineId }));
    expect(url).toBe(queryKeyToUrl(boardQueryKey(pipelineId)));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(boardUrl(pipelineId));
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });

    const answer = await takePreloadedBoard(url ?? '');
    expect(await answer?.json()).toEqual({ columns: [] });
    // Once: a refetch asks the server.
    expect(takePreloadedBoard(url ?? '')).toBeNull();
  });

  it('on a bare /deals, only when the board is the remembered view', () => {
    const shown = { [shownPipelineStorageKey]: pipelineId };
    expect(preloadBoard(at('/deals'), storageOf({ ...shown, [dealsViewStorageKey]: 'board' }))).toBe(
      boardUrl(pipelineId),
    );
    expect(preloadBoard(at('/deals'), storageOf({ ...shown, [dealsViewStorageKey]: 'list' }))).toBeNull();
    expect(preloadBoard(at('/deals'), storageOf(shown))).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for the list, a filtered address, another page, or no board shown before', () => {
    const stored = storageOf({ [shownPipelineStorageKey]: pipelineId, [dealsViewStorageKey]: 'board' });
    expect(preloadBoard(at('/deals?view=list'), stored)).toBeNull();
    expect(preloadBoard(at('/deals?search=smith'), stored)).toBeNull();
    expect(preloadBoard(at('/deals/123'), stored)).toBeNull();
    expect(preloadBoard(at('/leads?view=board'), stored)).toBeNull();
    expect(preloadBoard(at('/deals?view=board'), storageOf({}))).toBeNull();
    expect(preloadBoard(at('/deals?view=board'), blockedStorage)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands the answer only to its own board, and only while fresh', () => {
    const stored = storageOf({ [shownPipelineStorageKey]: pipelineId });
    preloadBoard(at('/deals?view=board'), stored);
    expect(takePreloadedBoard(boardUrl('another-pipeline'))).toBeNull();
    // The other board's query took the slot: nobody uses the stale answer later.
    expect(takePreloadedBoard(boardUrl(pipelineId))).toBeNull();

    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    preloadBoard(at('/deals?view=board'), stored);
    now.mockReturnValue(12_000);
    expect(takePreloadedBoard(boardUrl(pipelineId))).toBeNull();
  });

  it('a failed request answers null, so the board query asks again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    preloadBoard(at('/deals?view=board'), storageOf({ [shownPipelineStorageKey]: pipelineId }));
    expect(await takePreloadedBoard(boardUrl(pipelineId))).toBeNull();
  });
});
