import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/** The request layer of product spec §7–§8: every call the client makes goes through here. */

const CONNECTION_FAILED = 'Connection failed - please refresh the page';

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  if (res.status === 503) leaveForMaintenance(text);
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

/**
 * Maintenance mode (issue 20): the server answers 503 `{maintenance: true}` to everyone but super
 * admins. The screen cannot work, so the browser goes to the maintenance page, which comes back
 * to the app by itself once it ends.
 */
function leaveForMaintenance(body: string) {
  if (typeof window === 'undefined' || !body.includes('"maintenance":true')) return;
  if (window.location.pathname !== '/maintenance') window.location.assign('/maintenance');
}

export interface ApiRequestOptions {
  /** Let the request finish after the page is closed or reloaded (a last save on `pagehide`). */
  keepalive?: boolean;
  /** The version of the record the change was made against (`If-Match`; see `versionOf`). */
  ifMatch?: string;
}

/** A write: the body is sent as JSON only when one is given. */
export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  { keepalive = false, ifMatch }: ApiRequestOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(path, {
    method,
    headers: {
      ...(hasBody && { 'Content-Type': 'application/json' }),
      ...(ifMatch !== undefined && { 'If-Match': ifMatch }),
    },
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    ...(keepalive && { keepalive }),
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * A POST whose answer comes as JSON lines while the server works (`application/x-ndjson`: a bulk
 * action's progress). `onLine` gets each line as it arrives; resolves with the last one. It fails
 * the way `apiRequest` does before the first line; what happens after is in the lines.
 */
export async function apiProgressRequest<T>(
  path: string,
  body: unknown,
  onLine: (line: T) => void,
): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  if (!res.body) throw new Error('Expected progress lines but received nothing');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: T | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (!line.trim()) continue;
      last = JSON.parse(line) as T;
      onLine(last);
    }
    if (done) break;
  }
  if (last === undefined) throw new Error('Expected progress lines but received nothing');
  return last;
}

/**
 * A file sent as raw bytes (`application/octet-stream` unless told, e.g. `application/pdf`),
 * reporting progress as it goes (fetch cannot report an upload's progress, so this one call uses
 * XMLHttpRequest). It fails the way `apiRequest` does: `"{status}: {body}"`, or the connection message.
 */
export function uploadRequest<T>(
  path: string,
  file: Blob,
  onProgress?: (fraction: number) => void,
  contentType = 'application/octet-stream',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new Error('Expected JSON response but received something else'));
      }
    });
    xhr.addEventListener('error', () => reject(new Error(CONNECTION_FAILED)));
    xhr.send(file);
  });
}

type QueryParams = Record<string, unknown>;

function isPlainObject(value: unknown): value is QueryParams {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function toSearchParams(params: QueryParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (isPresent(item)) search.append(key, String(item));
    }
  }
  return search;
}

/** `['/api/leads', { leadStatus: 'New' }]` -> `/api/leads?leadStatus=New`. */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const [path, params] = queryKey;
  if (typeof path !== 'string') throw new Error('The first element of a query key must be an API path');
  const search = isPlainObject(params) ? toSearchParams(params).toString() : '';
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\s*(;|$)/i.test(contentType);
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    let res: Response;
    try {
      res = await fetch(queryKeyToUrl(queryKey), {
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        signal,
      });
    } catch (error) {
      // fetch rejects with a TypeError only when the network itself failed.
      if (error instanceof TypeError) throw new Error(CONNECTION_FAILED, { cause: error });
      throw error;
    }
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    const contentType = res.headers.get('content-type');
    if (!isJson(contentType)) {
      throw new Error(`Expected JSON response but received ${contentType ?? 'unknown'}`);
    }
    return (await res.json()) as T;
  };
}

export function isUnauthorizedError(error: Error): boolean {
  return /^401: .*Unauthorized/.test(error.message);
}

/** Failures a retry cannot fix: the request itself was refused, or the network is down. */
function isPermanentFailure(error: Error): boolean {
  return (
    /^4\d\d:/.test(error.message) ||
    error.message.includes('Connection failed') ||
    error.message.includes('Failed to fetch')
  );
}

/** Reads: never on 401, 403 or any other 4xx, nor on connection failures; otherwise once. */
export function shouldRetryQuery(failureCount: number, error: Error): boolean {
  return !isPermanentFailure(error) && failureCount < 1;
}

/** Writes: never on 4xx nor on connection failures; otherwise once. */
export function shouldRetryMutation(failureCount: number, error: Error): boolean {
  return !isPermanentFailure(error) && failureCount < 1;
}

/** 2 s, doubled per attempt, capped at 5 s. */
export function retryDelay(attempt: number): number {
  return Math.min(2000 * 2 ** attempt, 5000);
}

export interface ApiErrorDetails {
  message: string;
  /** The first server message per field path, ready to show under form fields. */
  fieldErrors: Record<string, string>;
}

interface ApiErrorBody {
  message: string;
  errors?: unknown;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(body) || typeof body.message !== 'string') return null;
  return { message: body.message, errors: body.errors };
}

function collectFieldErrors(errors: unknown): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  if (!Array.isArray(errors)) return fieldErrors;
  for (const entry of errors) {
    if (!isPlainObject(entry) || typeof entry.path !== 'string' || typeof entry.message !== 'string')
      continue;
    fieldErrors[entry.path] ??= entry.message;
  }
  return fieldErrors;
}

/** Turns a thrown `"{status}: {text}"` error back into the API's `{ message, errors }` (DESIGN §3). */
export function readApiError(error: unknown): ApiErrorDetails {
  const raw = error instanceof Error ? error.message : String(error);
  const match = /^\d{3}: ([\s\S]*)$/.exec(raw);
  if (!match) return { message: raw, fieldErrors: {} };
  const text = match[1];
  const body = parseErrorBody(text);
  if (!body) return { message: text, fieldErrors: {} };
  return { message: body.message, fieldErrors: collectFieldErrors(body.errors) };
}

/** A record as the API answers it: its `updatedAt` is its version (docs/decisions/017). */
export interface Versioned {
  updatedAt: string;
}

/** The `If-Match` value for a record as it was loaded: the server's ETag of that version. */
export function versionOf(record: { updatedAt: string | Date }): string {
  return `W/"${new Date(record.updatedAt).getTime()}"`;
}

/** The record as it is now, when a PATCH was refused because someone else changed it first (409). */
export function readVersionConflict<T>(error: unknown): T | null {
  const raw = error instanceof Error ? error.message : '';
  const match = /^409: ([\s\S]*)$/.exec(raw);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[1]);
    return isPlainObject(body) && isPlainObject(body.current) ? (body.current as T) : null;
  } catch {
    return null;
  }
}

/** Who made the newer version, when the server knows (a PATCH by a user still in the organization). */
export function readConflictAuthor(error: unknown): { id: string; name: string } | null {
  const match = /^409: ([\s\S]*)$/.exec(error instanceof Error ? error.message : '');
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[1]);
    const author = isPlainObject(body) ? body.changedBy : null;
    return isPlainObject(author) && typeof author.name === 'string'
      ? { id: String(author.id), name: author.name }
      : null;
  } catch {
    return null;
  }
}

export interface VersionConflict<T extends Versioned = Versioned> {
  /** The record as the user loaded it. */
  loaded: T;
  /** The record as it is now. */
  current: T;
  /** Who changed it, when the server could tell. */
  changedBy?: { id: string; name: string } | null;
  /** Only the fields the user changed, as they would be sent. */
  changes: Record<string, unknown>;
  /** Field labels by key (also customFields keys); others are spelled out from the key. */
  labels?: Record<string, string>;
}

/** What the user chose: take the current version and drop the edit, or send the edit again on it. */
export type ConflictChoice = 'reload' | 'apply';

const reloaded = new WeakSet<object>();

/** Whether `patchRecord` answered the current record because the user chose "Reload" (nothing was saved). */
export function isReloaded(record: object): boolean {
  return reloaded.has(record);
}

type ConflictResolver = (conflict: VersionConflict) => Promise<ConflictChoice>;
let resolveConflict: ConflictResolver | null = null;

/** Installed once by the app's conflict dialog; without one, a conflict fails like any 409. */
export function setConflictResolver(resolver: ConflictResolver | null) {
  resolveConflict = resolver;
}

/**
 * PATCH of a record the user loaded: only `changes` are sent, with the loaded version in
 * If-Match. When someone else changed the record first (409), the conflict dialog asks: "Reload"
 * answers the current record (the edit is dropped, the caller shows what is stored now;
 * `isReloaded` tells it apart from a save), "Apply
 * my changes" sends the same changes again against the current version.
 */
export async function patchRecord<T extends Versioned>(
  path: string,
  loaded: T,
  changes: Record<string, unknown>,
  { labels }: { labels?: Record<string, string> } = {},
): Promise<T> {
  let base = loaded;
  for (;;) {
    try {
      const res = await apiRequest('PATCH', path, changes, { ifMatch: versionOf(base) });
      return (await res.json()) as T;
    } catch (error) {
      const current = readVersionConflict<T>(error);
      if (!current || !resolveConflict) throw error;
      const changedBy = readConflictAuthor(error);
      const choice = await resolveConflict({ loaded: base, current, changedBy, changes, labels });
      if (choice === 'reload') {
        reloaded.add(current);
        return current;
      }
      base = current;
    }
  }
}
