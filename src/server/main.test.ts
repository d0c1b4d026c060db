import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataRoot = mkdtempSync(path.join(tmpdir(), 'locus-main-'));
const dataDir = path.join(dataRoot, 'nested', 'db');

afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

async function waitForHealth(url: string) {
  const deadline = Date.now() + 30_000;
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
    const port = 39_000 + Math.floor(Math.random() * 1000);
    const url = `http://127.0.0.1:${port}`;
    const first = startServer(port);
    expect(await waitForHealth(url)).toMatchObject({ database: { reachable: true, driver: 'pglite' } });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer(port);
    expect(await waitForHealth(url)).toMatchObject({ status: 'ok' });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);

  it('sweeps the files of FILES_DIR in the background every FILE_SWEEP_INTERVAL_MS', async () => {
    // Bytes of an organization that no longer exists: the first sweep removes the folder.
    const filesDir = path.join(dataRoot, 'attachments');
    const folder = path.join(filesDir, randomUUID());
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, randomUUID()), 'left behind');
    const port = 39_000 + Math.floor(Math.random() * 1000);
    const server = startServer(port, { FILE_SWEEP_INTERVAL_MS: '200', FILES_DIR: filesDir });
    await waitForHealth(`http://127.0.0.1:${port}`);
    const deadline = Date.now() + 10_000;
    while (existsSync(folder) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(folder)).toBe(false);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
