import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  getQueryFn,
  isReloaded,
  isUnauthorizedError,
  patchRecord,
  readVersionConflict,
  setConflictResolver,
  type VersionConflict,
  versionOf,
  queryKeyToUrl,
  readApiError,
  retryDelay,
  shouldRetryMutation,
  shouldRetryQuery,
  throwIfNotOk,
} from './api';
import { createQueryClient } from './query-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

function runQuery<T>(queryFn: QueryFunction<T>, queryKey: QueryKey) {
  const context = { queryKey, signal: new AbortController().signal, meta: undefined };
  return queryFn(context as unknown as QueryFunctionContext<QueryKey>);
}

function lastRequest(): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init: init ?? {} };
}

describe('reads (getQueryFn)', () => {
  it('GETs the first query key element as the path, with the non-empty params as a query string', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ items: [] }));
    const params = {
      leadStatus: 'New',
      search: '',
      cursor: null,
      sort: undefined,
      limit: 50,
      tag: ['a', 'b'],
    };
    await runQuery(getQueryFn({ on401: 'throw' }), ['/api/leads', params]);
    expect(lastRequest().url).toBe('/api/leads?leadStatus=New&limit=50&tag=a&tag=b');
    expect(lastRequest().init.method).toBeUndefined();
  });

  it('ignores a second key element that is not a plain object', () => {
    expect(queryKeyToUrl(['/api/leads/1', 'details'])).toBe('/api/leads/1');
    expect(queryKeyToUrl(['/api/user'])).toBe('/api/user');
    expect(queryKeyToUrl(['/api/leads', { search: '' }])).toBe('/api/leads');
  });

  it('sends cookies and a JSON content-type header', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1 }));
    const data = await runQuery(getQueryFn({ on401: 'throw' }), ['/api/user']);
    expect(data).toEqual({ id: 1 });
    const { init } = lastRequest();
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('fails on a non-JSON response, naming its content type', async () => {
    fetchMock.mockResolvedValue(new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }));
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/user'])).rejects.toThrow(
      'Expected JSON response but received text/html',
    );
  });

  it("reports 'unknown' when the response has no content type", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/user'])).rejects.toThrow(
      'Expected JSON response but received unknown',
    );
  });

  it('turns a network failure into "Connection failed - please refresh the page"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/user'])).rejects.toThrow(
      /^Connection failed - please refresh the page$/,
    );
  });

  it('returns null on 401 with on401 "returnNull"', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Unauthorized' }, { status: 401 }));
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/user'])).resolves.toBeNull();
  });

  it('throws on 401 with on401 "throw"', async () => {
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }));
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/user'])).rejects.toThrow(
      '401: Unauthorized',
    );
  });

  it('throws "{status}: {text}" on other failures even with on401 "returnNull"', async () => {
    fetchMock.mockResolvedValue(new Response('Forbidden here', { status: 403 }));
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/user'])).rejects.toThrow(
      '403: Forbidden here',
    );
  });
});

describe('throwIfNotOk', () => {
  it('uses "{status}: {response text}"', async () => {
    const res = jsonResponse({ message: 'Lead not found' }, { status: 404 });
    await expect(throwIfNotOk(res)).rejects.toThrow('404: {"message":"Lead not found"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    const res = new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(throwIfNotOk(res)).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('passes OK responses through', async () => {
    await expect(throwIfNotOk(new Response('ok'))).resolves.toBeUndefined();
  });
});

describe('writes (apiRequest)', () => {
  it('sends the body as JSON with a JSON content type and cookies', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'l1' }, { status: 201 }));
    const res = await apiRequest('POST', '/api/leads', { firstName: 'Ada' });
    expect(await res.json()).toEqual({ id: 'l1' });
    expect(lastRequest()).toEqual({
      url: '/api/leads',
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"firstName":"Ada"}',
        credentials: 'include',
      },
    });
  });

  it('sends neither body nor content type when there is no body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/leads/l1');
    const { init } = lastRequest();
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({});
    expect(init.credentials).toBe('include');
  });

  it('asks the browser to finish the request after the page closes only when told to', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ columns: [] }));
    await apiRequest('PUT', '/api/preferences/lists/leads', { columns: [] }, { keepalive: true });
    expect(lastRequest().init.keepalive).toBe(true);
    await apiRequest('PUT', '/api/preferences/lists/leads', { columns: [] });
    expect(lastRequest().init).not.toHaveProperty('keepalive');
  });

  it('throws "{status}: {text}" on a non-OK answer', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Conflict"}', { status: 409 }));
    await expect(apiRequest('POST', '/api/users', { email: 'a@b.co' })).rejects.toThrow(
      '409: {"message":"Conflict"}',
    );
  });
});

describe('isUnauthorizedError', () => {
  it('matches "401: ...Unauthorized" only', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Invalid email or password'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
  });
});

describe('retry rules', () => {
  const permanent = [
    '401: Unauthorized',
    '403: Forbidden',
    '400: {"message":"Validation failed"}',
    '404: Not Found',
    '429: Too Many Requests',
    'Connection failed - please refresh the page',
    'Failed to fetch',
  ];

  it.each(permanent)('does not retry a read that failed with "%s"', (message) => {
    expect(shouldRetryQuery(0, new Error(message))).toBe(false);
  });

  it('retries other read failures exactly once', () => {
    expect(shouldRetryQuery(0, new Error('500: Internal Server Error'))).toBe(true);
    expect(shouldRetryQuery(1, new Error('500: Internal Server Error'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('Expected JSON response but received text/html'))).toBe(true);
  });

  it.each(permanent)('does not retry a write that failed with "%s"', (message) => {
    expect(shouldRetryMutation(0, new Error(message))).toBe(false);
  });

  it('retries other write failures exactly once', () => {
    expect(shouldRetryMutation(0, new Error('502: Bad Gateway'))).toBe(true);
    expect(shouldRetryMutation(1, new Error('502: Bad Gateway'))).toBe(false);
  });

  it('waits 2 s, doubled per attempt, capped at 5 s', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([2000, 4000, 5000, 5000]);
  });
});

describe('createQueryClient', () => {
  it('applies the spec defaults', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(queries?.retryDelay).toBe(retryDelay);
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations?.retry).toBe(shouldRetryMutation);
    expect(mutations?.retryDelay).toBe(retryDelay);
  });

  it('fetches by query key with the default query function', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ email: 'owner@example.com' }));
    const data = await createQueryClient().fetchQuery({ queryKey: ['/api/user'] });
    expect(data).toEqual({ email: 'owner@example.com' });
    expect(lastRequest().url).toBe('/api/user');
  });
});

describe('readApiError', () => {
  it('extracts the API message and the first message per field', () => {
    const body = {
      message: 'Validation failed',
      errors: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'email', message: 'Second message' },
        { path: 'firstName', message: 'First name must be at least 2 characters' },
      ],
    };
    expect(readApiError(new Error(`400: ${JSON.stringify(body)}`))).toEqual({
      message: 'Validation failed',
      fieldErrors: {
        email: 'Please enter a valid email address',
        firstName: 'First name must be at least 2 characters',
      },
    });
  });

  it('keeps a plain-text body as the message', () => {
    expect(readApiError(new Error('502: Bad Gateway'))).toEqual({ message: 'Bad Gateway', fieldErrors: {} });
  });

  it('passes other errors through', () => {
    expect(readApiError(new Error('Connection failed - please refresh the page'))).toEqual({
      message: 'Connection failed - please refresh the page',
      fieldErrors: {},
    });
    expect(readApiError('boom')).toEqual({ message: 'boom', fieldErrors: {} });
  });
});

const headerOf = (call: number, name: string) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get(name);

describe('record versions (patchRecord)', () => {
  const loaded = { id: 'd1', county: 'Pinellas', updatedAt: '2026-11-25T21:00:00.123Z' };
  const current = { id: 'd1', county: 'Hillsborough', updatedAt: '2026-11-25T21:01:00.456Z' };
  const changedBy = { id: 'u2', name: 'Nora Newer' };
  const conflictResponse = () => jsonResponse({ message: 'changed', current, changedBy }, { status: 409 });

  afterEach(() => setConflictResolver(null));

  it('the version of a record is its updatedAt in milliseconds, as the server ETag says', () => {
    expect(versionOf(loaded)).toBe(`W/"${Date.UTC(2026, 10, 25, 21, 0, 0, 123)}"`);
  });

  it('sends only the changes, with If-Match of the loaded version', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...loaded, seniorLiens: 15000 }));
    const saved = await patchRecord('/api/deals/d1', loaded, { customFields: { seniorLiens: 15000 } });
    expect(lastRequest().init).toMatchObject({
      method: 'PATCH',
      body: JSON.stringify({ customFields: { seniorLiens: 15000 } }),
    });
    expect(headerOf(0, 'If-Match')).toBe(versionOf(loaded));
    expect(isReloaded(saved)).toBe(false);
  });

  it('on 409 asks the conflict dialog; "Apply my changes" re-sends them on the current version', async () => {
    const asked: VersionConflict[] = [];
    setConflictResolver(async (conflict) => {
      asked.push(conflict);
      return 'apply';
    });
    fetchMock.mockResolvedValueOnce(conflictResponse()).mockResolvedValueOnce(jsonResponse(current));
    const changes = { customFields: { seniorLiens: 15000 } };
    await patchRecord('/api/deals/d1', loaded, changes, { labels: { seniorLiens: 'Senior liens' } });
    expect(asked).toEqual([{ loaded, current, changedBy, changes, labels: { seniorLiens: 'Senior liens' } }]);
    expect(headerOf(1, 'If-Match')).toBe(versionOf(current));
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify(changes));
  });

  it('"Reload" answers the current record without sending again; without a dialog a 409 fails', async () => {
    setConflictResolver(async () => 'reload');
    fetchMock.mockResolvedValueOnce(conflictResponse());
    const answer = await patchRecord('/api/deals/d1', loaded, { county: 'Polk' });
    expect(answer).toEqual(current);
    expect(isReloaded(answer)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    setConflictResolver(null);
    fetchMock.mockResolvedValueOnce(conflictResponse());
    const failure = await patchRecord('/api/deals/d1', loaded, { county: 'Polk' }).catch((error) => error);
    expect(readVersionConflict(failure)).toEqual(current);
  });

  it('a 409 without a current record (a duplicate name) is an ordinary error', async () => {
    setConflictResolver(async () => 'apply');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Name taken' }, { status: 409 }));
    await expect(patchRecord('/api/tags/t1', loaded, { name: 'VIP' })).rejects.toThrow('409: ');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
