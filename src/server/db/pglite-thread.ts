import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { findUpwards } from '../lib/find-upwards';

/**
 * The main thread's end of `pglite-worker.mjs`: PGlite's query, exec and transaction, answered by
 * a PGlite on a thread of its own (issue 21 §5: PostgreSQL's start, about a third of a server's,
 * now runs while the main thread loads the rest; queries run beside request handling).
 *
 * Semantics follow PGlite's own: one statement or transaction at a time (a transaction holds the
 * others back until it ends), COMMIT that answers ROLLBACK throws TransactionAbortedError, errors
 * carry PostgreSQL's fields (code, constraint, detail…). Parser functions cannot cross threads: the
 * worker leaves those columns as PostgreSQL's text and they are parsed here.
 */
export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Request =
  | { kind: 'query'; sql: string; params?: unknown[]; options?: QueryOptions }
  | { kind: 'exec'; sql: string; options?: QueryOptions }
  | { kind: 'close' };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Beside this module in src/server/db; at the top of dist/server in a build (build-server.mjs). */
const workerFile = findUpwards(import.meta.url, 'pglite-worker.mjs');

/**
 * Starts PGlite on its thread and returns at once; `ready` resolves once PostgreSQL answers (or
 * rejects with PGlite's start error). This module loads nothing of PGlite's on the main thread
 * before the thread starts, so main.ts calls it first.
 */
export function startPgliteThread(options: { dataDir: string; settings: string[] }) {
  // V8 recompiles a WebAssembly function with its optimising compiler once it has run for a
  // budget. At the default budget PostgreSQL's start alone sends about a second of CPU there, on
  // a machine with two cores; at this one a start costs about 0.5 s of CPU less, and a query
  // costs the same once a few hundred have run (docs/decisions/040). V8 reads it when PGlite's
  // module is instantiated.
  setFlagsFromString(`--wasm-tiering-budget=${wasmTieringBudget}`);
  const dataDir = path.resolve(options.dataDir);
  // PGlite does not create the parent folders of its data directory.
  mkdirSync(path.dirname(dataDir), { recursive: true });
  return new PgliteThread(new Worker(workerFile, { workerData: { dataDir, settings: options.settings } }));
}

const wasmTieringBudget = 50_000_000;

/** PGlite's error classes, loaded after the thread has started. */
const loadPgliteErrors = () => import('@electric-sql/pglite');

export class PgliteThread {
  readonly ready: Promise<void>;
  #worker: Worker;
  #nextId = 1;
  #pending = new Map<number, Pending>();
  #stopped: Error | undefined;
  /** The tail of the queue of statements and transactions, each waiting for the one before. */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(worker: Worker) {
    this.#worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message) => {
        if (message.ready) return resolve();
        if (message.failed) return void rebuildError(message.failed).then(reject);
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (message.error) void rebuildError(message.error).then((error) => pending?.reject(error));
        else pending?.resolve(message.result);
      });
      const stop = (error: Error) => {
        this.#stopped ??= error;
        reject(this.#stopped);
        for (const pending of this.#pending.values()) pending.reject(this.#stopped);
        this.#pending.clear();
      };
      worker.on('error', (error) =>
        stop(new Error(`PGlite's thread failed: ${error.message}`, { cause: error })),
      );
      worker.on('exit', (code) => stop(new Error(`PGlite's thread has stopped (exit code ${code})`)));
    });
    // A start that fails rejects `ready`; later callers see the same error from #send.
    this.ready.catch(() => {});
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exclusive(() => this.#exec(sql, options));
  }

  transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: PgliteThreadTransaction = {
        query: async (sql, params, options) => {
          open();
          return this.#query(sql, params, options);
        },
        exec: async (sql, options) => {
          open();
          return this.#exec(sql, options);
        },
        rollback: async () => {
          open();
          await this.#exec('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.#exec('COMMIT');
          if (commit?.command === 'ROLLBACK') {
            const { TransactionAbortedError } = await loadPgliteErrors();
            throw new TransactionAbortedError();
          }
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#exec('ROLLBACK');
        }
        throw error;
      }
    });
  }

  /** Waits for what is queued, closes PostgreSQL cleanly (a checkpoint), then ends the thread. */
  async close() {
    await this.#exclusive(async () => {
      if (this.#stopped) return;
      const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
      await this.#send({ kind: 'close' });
      await exited;
    });
  }

  async #query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    const result = (await this.#send({ kind: 'query', sql, params, options })) as Results;
    return parseOnThisThread(result, options) as Results<T>;
  }

  async #exec(sql: string, options?: QueryOptions) {
    const results = (await this.#send({ kind: 'exec', sql, options })) as Results[];
    return results.map((result) => parseOnThisThread(result, options));
  }

  #exclusive<T>(run: () => Promise<T>): Promise<T> {
    const turn = this.#tail.then(run, run);
    this.#tail = turn.catch(() => {});
    return turn;
  }

  async #send(request: Request): Promise<unknown> {
    await this.ready;
    if (this.#stopped) throw this.#stopped;
    const id = this.#nextId++;
    const message = await toMessage(id, request);
    const answer = new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    this.#worker.postMessage(message);
    return answer;
  }
}

/** What crosses to the worker: the request as data (parsers become the list of their types). */
async function toMessage(id: number, request: Request) {
  if (request.kind === 'close') return { id, kind: 'close' };
  const { options } = request;
  if (options?.serializers) throw new Error("PGlite's thread takes no custom serializers");
  return {
    id,
    kind: request.kind,
    sql: request.sql,
    params: 'params' in request ? request.params : undefined,
    rowMode: options?.rowMode,
    textTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    // COPY … FROM '/dev/blob' reads this file (PGlite's `blob` option).
    blob: options?.blob ? await options.blob.arrayBuffer() : undefined,
  };
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parseOnThisThread(answer: Results, options: QueryOptions | undefined): Results {
  // COPY … TO '/dev/blob' wrote this file.
  const written = answer.blob as unknown as ArrayBuffer | undefined;
  const result = written ? { ...answer, blob: new Blob([written]) } : answer;
  const parsers = options?.parsers;
  if (!parsers) return result;
  const parsed = result.fields.map((field, index) => ({
    index,
    name: field.name,
    parse: parsers[field.dataTypeID],
  }));
  const columns = parsed.filter((column) => column.parse !== undefined);
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const column of columns) {
      const key = options?.rowMode === 'array' ? column.index : column.name;
      const value = row[key];
      if (value !== null && value !== undefined)
        row[key] = (column.parse as (text: string, type: number) => unknown)(
          value as string,
          result.fields[column.index].dataTypeID,
        );
    }
  }
  return result;
}

/** The worker's error as PGlite would have thrown it: a DatabaseError with PostgreSQL's fields. */
async function rebuildError(fields: Record<string, unknown>): Promise<Error> {
  const { messages } = await loadPgliteErrors();
  const { name, message, ...rest } = fields;
  const error =
    name === 'error'
      ? new messages.DatabaseError(String(message), Number(rest.length ?? 0), 'error')
      : Object.assign(new Error(String(message)), { name: String(name) });
  return Object.assign(error, rest);
}
