import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { HeapBreakdown } from './process-memory';
import { toMb } from './process-memory';

/**
 * Loaded before the server's own code: on SIGUSR2 it writes process.memoryUsage() to a file, so
 * the bench can split the RSS into heap, external and the rest without changing the server.
 */
const memoryProbe = [
  "import { renameSync, writeFileSync } from 'node:fs';",
  'let seq = 0;',
  "process.on('SIGUSR2', () => {",
  // Written aside and renamed, so the bench never reads a half-written file.
  "  writeFileSync(process.env.SOAK_MEMORY_FILE + '.tmp', JSON.stringify({ seq: ++seq, usage: process.memoryUsage() }));",
  "  renameSync(process.env.SOAK_MEMORY_FILE + '.tmp', process.env.SOAK_MEMORY_FILE);",
  '});',
].join('\n');

export interface SoakServer {
  url: string;
  port: number;
  pid: number;
  /** The server's own process.memoryUsage(), through the probe. */
  memoryUsage(): Promise<HeapBreakdown>;
  stop(): Promise<void>;
}

/** Starts the server on `workDir`'s folder; a restart passes the previous port, which clients keep using. */
export async function startSoakServer(workDir: string, reusePort?: number): Promise<SoakServer> {
  const port = reusePort ?? (await freePort());
  const memoryFile = path.join(workDir, 'memory.json');
  // A previous server's report must not pass for this one's.
  rmSync(memoryFile, { force: true });
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(memoryProbe)}`, 'dist/server/main.mjs'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(workDir, 'db'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SOAK_MEMORY_FILE: memoryFile,
        // As `npm start` runs it (package.json, docs/decisions/047).
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  let seq = 0;
  return {
    url,
    port,
    pid: child.pid as number,
    async memoryUsage() {
      seq++;
      child.kill('SIGUSR2');
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (existsSync(memoryFile)) {
          const written = JSON.parse(readFileSync(memoryFile, 'utf8')) as {
            seq: number;
            usage: NodeJS.MemoryUsage;
          };
          if (written.seq === seq) return toMb(written.usage);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the server did not report its memory usage in 60 s');
    },
    stop: () => stopServer(child),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy in 180 s');
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
