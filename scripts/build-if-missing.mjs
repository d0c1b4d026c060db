// Builds the client when dist/client is missing or older than its sources, so that
// `npm install && npm start` serves the app on a fresh clone without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const builtIndex = path.resolve('dist/client/index.html');
const sourceDirs = ['src/client', 'src/common'].map((dir) => path.resolve(dir));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesExist = sourceDirs.every((dir) => existsSync(dir));
const stale =
  !existsSync(builtIndex) ||
  (sourcesExist &&
    Math.max(...sourceDirs.map(newestMtime), statSync('vite.config.ts').mtimeMs) >
      statSync(builtIndex).mtimeMs);

if (sourcesExist && stale) {
  console.log('Building the client (dist/client)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
