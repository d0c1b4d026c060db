import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The first `name` in the folder of `moduleUrl` or a folder above it that holds `marker`: the
 * server runs from its sources (src/server/…) and from the compiled bundle (dist/server), so a
 * file of the repository is found by looking up, not at a fixed distance.
 */
export function findUpwards(moduleUrl: string, name: string, marker = ''): string {
  const from = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, name);
    if (existsSync(path.join(candidate, marker))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no ${name} above ${from}`);
  }
}
