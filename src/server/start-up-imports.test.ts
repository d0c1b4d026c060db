import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Packages the server loads on first use, not at start-up (issue 21 §5): each is about 0.1 s of
 * a start that most starts never need. The server is one bundle (scripts/build-server.mjs) whose
 * static imports all load before it listens, so a value imported statically anywhere in
 * src/server would bring the package back into every start.
 */
const loadedOnFirstUse = ['imapflow', 'mailparser', 'pdfmake'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    // src/server/test holds the tests' own servers and kits, never bundled.
    if (entry.isDirectory())
      return file.endsWith(`${path.sep}server${path.sep}test`) ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('start-up imports', () => {
  it('import the packages used on first use only as types or with import()', () => {
    const root = path.resolve(import.meta.dirname);
    const found: string[] = [];
    for (const file of [...sourceFiles(root), ...sourceFiles(path.resolve(root, '../common'))]) {
      const text = readFileSync(file, 'utf8');
      for (const [statement] of text.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)) {
        const specifier = statement.match(/from '([^']+)'/)?.[1] ?? '';
        if (loadedOnFirstUse.some((name) => specifier === name || specifier.startsWith(`${name}/`)))
          found.push(`${path.relative(root, file)}: ${statement.replace(/\s+/g, ' ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});
