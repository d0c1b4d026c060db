import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

let dir: string;

/** The thrower's `throw` line, in its TypeScript source. */
const throwLine = 4;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'locus-stacks-'));
  writeFileSync(
    path.join(dir, 'thrower.ts'),
    [
      'type Reason = string;',
      '',
      'export function failWith(reason: Reason): never {',
      '  throw new Error(reason);',
      '}',
      '',
    ].join('\n'),
  );
  const hook = path.resolve('src/server/lib/source-mapped-stacks.ts');
  writeFileSync(
    path.join(dir, 'entry.ts'),
    [
      `import { installSourceMappedStacks } from ${JSON.stringify(hook)};`,
      `import { failWith } from './thrower';`,
      `if (process.env.MAP_STACKS) installSourceMappedStacks(${JSON.stringify(path.join(dir, 'out'))});`,
      `try { failWith('boom'); } catch (error) { console.log((error as Error).stack); }`,
    ].join('\n'),
  );
  // Compiled the way scripts/build-server.mjs compiles the server: ESM, a map beside, no sources in it.
  await build({
    entryPoints: [path.join(dir, 'entry.ts')],
    outdir: path.join(dir, 'out'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'silent',
  });
});

const stackOf = (mapStacks: boolean) =>
  execFileSync(process.execPath, [path.join(dir, 'out', 'entry.mjs')], {
    env: { PATH: process.env.PATH, ...(mapStacks ? { MAP_STACKS: '1' } : {}) },
    encoding: 'utf8',
  });

describe('installSourceMappedStacks', () => {
  it('names the TypeScript file and line of each compiled frame, without --enable-source-maps', () => {
    const stack = stackOf(true);
    expect(stack.split('\n')[0]).toBe('Error: boom');
    expect(stack).toContain(`at failWith (${path.join(dir, 'thrower.ts')}:${throwLine}:9)`);
    expect(stack).toMatch(/entry\.ts:4:\d+/);
    expect(stack).not.toContain('entry.mjs');
  });

  it('leaves the compiled positions when it is not installed', () => {
    expect(stackOf(false)).toMatch(/at failWith \(file:\/\/.*entry\.mjs:\d+:\d+\)/);
  });
});
