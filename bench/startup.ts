import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Time from process spawn to a healthy /api/health on an existing PGlite data dir (issue 21 §5),
 * for the ways the server can start, against a floor measured in the same run: a bare Node HTTP
 * server spawned the same way. `npm start` includes npm itself and the build-freshness check.
 */
const bareServer = `require('node:http').createServer((q, s) => s.end('{}')).listen(process.env.PORT, '127.0.0.1')`;

async function timeToHealthy(command: string, args: string[], env: NodeJS.ProcessEnv, port: number) {
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
    // npm start runs the server as a grandchild: a group of its own lets the whole group be stopped.
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const elapsed = performance.now() - started;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-(child.pid as number), 'SIGTERM');
  });
  return elapsed;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

export interface StartupResult {
  label: string;
  ms: number;
  ratio: number;
}

export async function benchStartup(runs = 5): Promise<{ floorMs: number; results: StartupResult[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-bench-'));
  const env = { DATA_DIR: path.join(dir, 'db'), LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' };
  const tsx = path.resolve('node_modules/.bin/tsx');
  const ways = [
    { label: 'npm start', command: 'npm', args: ['start', '--silent'] },
    { label: 'node dist/server/main.mjs', command: process.execPath, args: ['dist/server/main.mjs'] },
    { label: 'tsx src/server/main.ts', command: tsx, args: ['src/server/main.ts'] },
  ];
  const samples = new Map<string, number[]>(ways.map((way) => [way.label, []]));
  const floor: number[] = [];
  try {
    // Creates and migrates the data dir: every timed start below finds it existing.
    await timeToHealthy(process.execPath, ['dist/server/main.mjs'], env, 39_901);
    for (let i = 0; i < runs; i++) {
      for (const way of ways)
        samples.get(way.label)?.push(await timeToHealthy(way.command, way.args, env, 39_902));
      floor.push(await timeToHealthy(process.execPath, ['-e', bareServer], {}, 39_903));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const floorMs = median(floor);
  return {
    floorMs,
    results: ways.map(({ label }) => {
      const ms = median(samples.get(label) ?? []);
      return { label, ms, ratio: ms / floorMs };
    }),
  };
}
