import { spawn } from 'node:child_process';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

const dataRoot = mkdtempSync(path.join(tmpdir(), 'locus-main-'));
const dataDir = path.join(dataRoot, 'nested', 'db');

// A server that failed its test (never healthy, or an assertion before its kill) must not outlive the file.
const spawned = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataRoot, { recursive: true, force: true });
});

function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  spawned.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

async function waitForHealth(url: string) {
  // Generous: a busy machine (other test files start servers too) can take long to start one.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

// Process-level behaviour runs on PGlite only: it is about the embedded data directory.
describe.skipIf(process.env.TEST_DB_DRIVER === 'pg')('server process', () => {
  it('creates and migrates a new data dir, shuts down cleanly on SIGTERM, and restarts on the same dir', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = startServer(port);
    expect(await waitForHealth(url)).toMatchObject({ database: { reachable: true, driver: 'pglite' } });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer(port);
    expect(await waitForHealth(url)).toMatchObject({ status: 'ok' });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 200_000);

  it('closes keep-alive connections at SIGTERM, idle ones and ones answered during shutdown', async () => {
    const port = await freePort();
    const server = startServer(port);
    await waitForHealth(`http://127.0.0.1:${port}`);
    // A browser's connection: one answered request, then idle, kept alive.
    const idle = await connect(port);
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    expect(await idle.nextHead()).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nConnection: keep-alive/i);
    // A request still arriving when the signal comes.
    const busy = await connect(port);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' });
    busy.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    const started = Date.now();
    server.child.kill('SIGTERM');
    await idle.closed;
    busy.socket.write(body.slice(5));
    // Answered, and told the connection ends.
    expect(await busy.nextHead()).toMatch(/^HTTP\/1\.1 401[\s\S]*\r\nConnection: close/i);
    await busy.closed;
    expect(await server.exited).toBe(0);
    // Not the keep-alive timeout (72 s), nor the 10 s shutdown limit.
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 150_000);

  it('sweeps the files of FILES_DIR in the background every FILE_SWEEP_INTERVAL_MS', async () => {
    // Bytes of an organization that no longer exists: the first sweep removes the folder.
    const filesDir = path.join(dataRoot, 'attachments');
    const folder = path.join(filesDir, randomUUID());
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, randomUUID()), 'left behind');
    const port = await freePort();
    const server = startServer(port, { FILE_SWEEP_INTERVAL_MS: '200', FILES_DIR: filesDir });
    await waitForHealth(`http://127.0.0.1:${port}`);
    const deadline = Date.now() + 10_000;
    while (existsSync(folder) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(folder)).toBe(false);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 200_000);
});

/** A raw connection, to see exactly what happens to it: the answers' heads, and its close. */
function connect(port: number) {
  return new Promise<{ socket: net.Socket; nextHead: () => Promise<string>; closed: Promise<void> }>(
    (resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let waiting: ((head: string) => void) | undefined;
      const deliver = () => {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0 || !waiting) return;
        const head = received.slice(0, end);
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length < end + 4 + length) return;
        received = received.slice(end + 4 + length);
        const done = waiting;
        waiting = undefined;
        done(head);
      };
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        deliver();
      });
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.once('error', reject);
      socket.once('connect', () =>
        resolve({
          socket,
          closed,
          nextHead: () =>
            new Promise((done) => {
              waiting = done;
              deliver();
            }),
        }),
      );
    },
  );
}
