import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseConfig } from '../../src/server/db';

/** Requests the parent sends to serve.ts over IPC. */
export type FloorRequest =
  | { id: number; kind: 'capture'; path: string }
  | { id: number; kind: 'measure'; path: string; concurrency: number; seconds: number; warmupSeconds: number }
  | { id: number; kind: 'quiesce' }
  | { id: number; kind: 'stop' };

export type FloorResponse = { id: number; result?: unknown; error?: string };

export interface CapturedStatement {
  text: string;
  params: unknown[];
  /** Indexes of the statements that had answered when this one was issued. */
  after: number[];
}

type Message = FloorResponse | { kind: 'ready'; port: number; barePort: number };
type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

/** The server child (serve.ts): its base URL and the SQL floor it runs on request. */
export interface ServerProcess {
  baseUrl: string;
  /**
   * A bare Fastify route in the same process answering the page `path` answered when captured,
   * from memory: the CPU yardstick of issue 21 §2.
   */
  bareUrl(path: string): string;
  /** The server's process id, for CPU accounting. */
  pid: number;
  /** The list service's driver calls behind `path`, in the order issued. */
  capture(path: string): Promise<CapturedStatement[]>;
  measureSql(
    path: string,
    concurrency: number,
    seconds: number,
    warmupSeconds: number,
  ): Promise<{ samples: number[]; note: string }>;
  /** Resolves once requests left over from the last load have finished on the database. */
  quiesce(): Promise<void>;
  stop(): Promise<void>;
}

const servePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve.ts');

export async function startServer(database: DatabaseConfig): Promise<ServerProcess> {
  const child: ChildProcess = fork(servePath, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_LISTS_DATABASE: JSON.stringify(database) },
    serialization: 'advanced',
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const { port, barePort } = await new Promise<{ port: number; barePort: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening`)));
    child.on('message', (message: Message) => {
      if ('kind' in message) return resolve(message);
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
  });
  child.once('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the bench server exited (${code})`));
  });

  const ask = <T>(request: Distribute<FloorRequest>) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...request, id });
    });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    bareUrl: (listPath) => `http://127.0.0.1:${barePort}/bare${listPath}`,
    pid: child.pid as number,
    capture: (listPath) => ask({ kind: 'capture', path: listPath }),
    measureSql: (listPath, concurrency, seconds, warmupSeconds) =>
      ask({ kind: 'measure', path: listPath, concurrency, seconds, warmupSeconds }),
    quiesce: () => ask({ kind: 'quiesce' }),
    async stop() {
      await ask({ kind: 'stop' });
      await exited;
    },
  };
}
