import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db';
import { deployments } from '../../db/schema/platform';
import { gitHeadCommit, parseReleaseArgs } from './release-args';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const script = path.resolve('scripts/record-release.ts');
const notesText = "# Locus 1.2.0\n\n## What's New\n### Faster lists\nLists load in half the time.\n";

let dir: string;
let notes: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'locus-release-'));
  notes = path.join(dir, 'notes.md');
  writeFileSync(notes, notesText);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the script as `npm run release` does; resolves with the exit code and output. */
async function release(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, [script, ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      // A new PGlite folder is created and migrated: over a minute when the CI lanes share the cores.
      timeout: 150_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout: string; stderr: string };
    return { code: e.code ?? -1, stdout: e.stdout, stderr: e.stderr };
  }
}

const noGit = () => null;

/** The errors parseReleaseArgs reports for a release whose notes are `file`. */
const errorsFor = (file: string) => {
  const args = parseReleaseArgs(['--version', '1.0.0', '--type', 'major', '--notes', file], noGit);
  return args.ok ? [] : args.errors;
};

describe('parseReleaseArgs', () => {
  it('reads the release from the arguments and the notes file', () => {
    const args = parseReleaseArgs(
      [
        '--version',
        '1.2.0',
        '--type',
        'minor',
        '--notes',
        notes,
        '--commit',
        'ABCDEF1',
        '--message',
        'Ship',
        '--by',
        'Ann',
      ],
      noGit,
    );
    expect(args).toEqual({
      ok: true,
      help: false,
      notesPath: notes,
      commitFromGit: false,
      release: {
        version: '1.2.0',
        releaseType: 'minor',
        releaseNotes: notesText,
        commitHash: 'abcdef1',
        commitMessage: 'Ship',
        deployedBy: 'Ann',
      },
    });
  });

  it('takes the commit from git when none is given', () => {
    const args = parseReleaseArgs(['--version', '1.2.0', '--type', 'major', '--notes', notes], () =>
      'f'.repeat(40),
    );
    expect(args).toMatchObject({ ok: true, commitFromGit: true, release: { commitHash: 'f'.repeat(40) } });
    const withoutGit = parseReleaseArgs(['--version', '1.2.0', '--type', 'major', '--notes', notes], noGit);
    expect(withoutGit).toMatchObject({
      ok: true,
      release: { commitHash: null, commitMessage: null, deployedBy: null },
    });
  });

  it('reports every missing argument at once', () => {
    expect(parseReleaseArgs([], noGit)).toEqual({
      ok: false,
      errors: [
        '--version is required (e.g. --version 1.2.0)',
        '--type is required: major or minor',
        '--notes is required: the path of the release notes markdown file',
      ],
    });
  });

  it('rejects a malformed version, an unknown type, a bad commit and a missing notes file', () => {
    const missing = path.join(dir, 'missing.md');
    expect(
      parseReleaseArgs(['--version', 'v1', '--type', 'patch', '--notes', missing, '--commit', 'xyz'], noGit),
    ).toEqual({
      ok: false,
      errors: [
        '--version must look like 1.2.0, got "v1"',
        '--type must be major or minor, got "patch"',
        `--notes file not found: ${missing}`,
        '--commit must be a hexadecimal commit hash of 7 to 40 characters, got "xyz"',
      ],
    });
  });

  it('rejects notes that are a folder, empty or without a title', () => {
    const empty = path.join(dir, 'empty.md');
    const untitled = path.join(dir, 'untitled.md');
    const folder = path.join(dir, 'folder.md');
    writeFileSync(empty, '  \n');
    writeFileSync(untitled, "## What's New\n");
    mkdirSync(folder, { recursive: true });
    expect(errorsFor(empty)).toEqual([`--notes ${empty} is empty`]);
    expect(errorsFor(untitled)).toEqual([`--notes ${untitled} has no "# title" heading`]);
    expect(errorsFor(folder)).toEqual([`--notes ${folder} is not a file`]);
  });

  it('refuses unknown options and answers help', () => {
    const unknown = parseReleaseArgs(['--versoin', '1.0.0'], noGit);
    expect(unknown.ok).toBe(false);
    expect(parseReleaseArgs(['--help'], noGit)).toEqual({ ok: true, help: true });
  });
});

// Each run starts tsx and, for a new PGlite folder, creates and migrates the database.
describe('npm run release (scripts/record-release.ts)', { timeout: 200_000 }, () => {
  it('records the deployment in the PGlite folder of DATA_DIR and prints it', async () => {
    const dataDir = path.join(dir, 'data', 'pglite');
    // The commit defaults to git HEAD; others may commit while the script runs.
    const headBefore = gitHeadCommit();
    const result = await release(
      ['--version', '1.2.0', '--type', 'minor', '--notes', notes, '--message', 'Faster lists', '--by', 'Ann'],
      { DATA_DIR: dataDir },
    );
    expect(result.stderr).not.toContain('error');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Recorded release 1.2.0 (minor) in PGlite ${dataDir}`);

    const headAfter = gitHeadCommit();

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(deployments).orderBy(desc(deployments.deployedAt));
      expect(rows).toHaveLength(1);
      expect([headBefore, headAfter]).toContain(rows[0].commitHash);
      expect(rows[0]).toMatchObject({
        version: '1.2.0',
        releaseType: 'minor',
        releaseNotes: notesText,
        commitMessage: 'Faster lists',
        deployedBy: 'Ann',
        environment: 'production',
        status: 'success',
      });
      expect(result.stdout).toContain(rows[0].id);
    } finally {
      await database.close();
    }
  });

  it('exits with code 1 and clear errors on bad arguments, touching no database', async () => {
    const dataDir = path.join(dir, 'untouched');
    const result = await release(
      ['--version', '1.2', '--type', 'huge', '--notes', path.join(dir, 'nope.md')],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: --version must look like 1.2.0, got "1.2"');
    expect(result.stderr).toContain('error: --type must be major or minor, got "huge"');
    expect(result.stderr).toContain(`error: --notes file not found: ${path.join(dir, 'nope.md')}`);
    expect(result.stderr).toContain('Usage: npm run release');
    expect(result.stdout).toBe('');
    expect(existsSync(dataDir)).toBe(false);
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'records into PostgreSQL when DATABASE_URL is set',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `locus_release_${Date.now().toString(36)}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      };
      await admin(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      try {
        const result = await release(
          ['--version', '3.0.0', '--type', 'major', '--notes', notes, '--commit', 'abc1234'],
          {
            DATABASE_URL: url.toString(),
          },
        );
        expect(result.code).toBe(0);
        expect(result.stdout).toContain(`Recorded release 3.0.0 (major) in PostgreSQL ${url.host}/${name}`);
        const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
        try {
          const rows = await database.db.select().from(deployments);
          expect(rows).toMatchObject([{ version: '3.0.0', releaseType: 'major', commitHash: 'abc1234' }]);
        } finally {
          await database.close();
        }
      } finally {
        await admin(`drop database if exists ${name} with (force)`);
      }
    },
  );
});
