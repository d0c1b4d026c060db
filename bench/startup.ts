import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Time from process spawn to a healthy /api/health on an existing PGlite data dir, against a
 * floor measured in the same run: a bare Node HTTP server spawned the same way.
 */
const bareServer = `require('node:http').createServer((q, s) => s.end('{}')).listen(process.env.PORT, '127.0.0.1')`;

async function timeToHealthy(command: string, args: string[], env: NodeJS.ProcessEnv, port: number) {
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const elapsed = performance.now() - started;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return elapsed;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchStartup(runs = 5) {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-bench-'));
  const env = { DATA_DIR: path.join(dir, 'db'), LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' };
  const tsx = path.resolve('node_modules/.bin/tsx');
  await timeToHealthy(tsx, ['src/server/main.ts'], env, 39_901); // creates and migrates the data dir
  const app: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    app.push(await timeToHealthy(tsx, ['src/server/main.ts'], env, 39_902));
    floor.push(await timeToHealthy(process.execPath, ['-e', bareServer], {}, 39_903));
  }
  rmSync(dir, { recursive: true, force: true });
  return { appMs: median(app), floorMs: median(floor), ratio: median(app) / median(floor) };
}
