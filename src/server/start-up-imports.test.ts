import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * Packages the server loads on first use, not at start-up (issue 21 §5): each costs 30–150 ms of
 * a start that most starts never need. Read from the build itself (esbuild's metafile), so an
 * import of our own module that imports one of them statically is caught wherever it is.
 */
const loadedOnFirstUse = [
  '@fastify/swagger',
  'imapflow',
  'mailparser',
  'pdfmake',
  '@libpdf/core',
  'pkijs',
  'asn1js',
  'node-forge',
  '@tiptap/core',
  '@tiptap/starter-kit',
  'libphonenumber-js',
  'nodemailer',
  'openid-client',
  'sanitize-html',
  'pg',
];

/** What `main.mjs` loads before it listens: the entry, the rest of the server and the PGlite driver. */
const startUpEntries = ['src/server/main.ts', 'src/server/start-server.ts', 'src/server/db/open-pglite.ts'];

interface Metafile {
  outputs: Record<
    string,
    { entryPoint?: string; imports: { path: string; kind: string; external?: boolean }[] }
  >;
}

const outdir = mkdtempSync(path.join(tmpdir(), 'start-up-imports-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

function packagesLoadedAtStart(metafile: Metafile): Map<string, string> {
  const importedBy = new Map<string, string>();
  const pending = Object.entries(metafile.outputs)
    .filter(([, output]) => startUpEntries.includes(output.entryPoint ?? ''))
    .map(([file]) => file);
  expect(pending).toHaveLength(startUpEntries.length);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { path: target, kind, external } of metafile.outputs[file]?.imports ?? []) {
      if (kind !== 'import-statement') continue;
      if (external) importedBy.set(target, file);
      else pending.push(target);
    }
  }
  return importedBy;
}

describe('start-up imports', () => {
  it('leave the packages used on first use to import()', () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', outdir, '--metafile'], {
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    const metafile = JSON.parse(readFileSync(path.join(outdir, 'metafile.json'), 'utf8')) as Metafile;
    const atStart = packagesLoadedAtStart(metafile);
    // The check itself works: packages every start needs are found.
    expect([...atStart.keys()]).toEqual(expect.arrayContaining(['fastify', '@electric-sql/pglite']));
    const early = [...atStart].filter(([specifier]) =>
      loadedOnFirstUse.some((name) => specifier === name || specifier.startsWith(`${name}/`)),
    );
    expect(early.map(([specifier, chunk]) => `${specifier} (in ${path.basename(chunk)})`)).toEqual([]);
  });
});
