// Builds the client (dist/client) and the server (dist/server) when either is missing or older
// than its sources, so that `npm install && npm start` serves the app on a fresh clone without a
// separate build step, and a changed source is never served stale. Run as a script (postinstall,
// the benches) or imported by scripts/start.mjs, which checks in the server's own process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether `output` is missing or older than any file under `sources` (or any of `files`). */
function isStale(output, sources, files) {
  if (!existsSync(output)) return true;
  const dirs = sources.map((dir) => path.resolve(dir)).filter((dir) => existsSync(dir));
  const newest = Math.max(
    ...dirs.map(newestMtime),
    ...files.filter(existsSync).map((f) => statSync(f).mtimeMs),
  );
  return newest > statSync(output).mtimeMs;
}

const builds = [
  {
    label: 'the client (dist/client)',
    output: 'dist/client/index.html',
    sources: ['src/client', 'src/common'],
    files: ['vite.config.ts', 'scripts/preact-aliases.ts'],
    command: ['npx', ['vite', 'build', '--logLevel', 'warn']],
  },
  {
    label: 'the server (dist/server)',
    output: 'dist/server/main.mjs',
    sources: ['src/server', 'src/common'],
    files: ['scripts/build-server.mjs'],
    command: [process.execPath, ['scripts/build-server.mjs']],
  },
];

export function buildIfMissing() {
  // A checkout without sources (a deployed build) serves what it has.
  for (const { label, output, sources, files, command } of builds) {
    if (!sources.every((dir) => existsSync(dir)) || !isStale(output, sources, files)) continue;
    console.log(`Building ${label}…`);
    const result = spawnSync(command[0], command[1], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfMissing();
