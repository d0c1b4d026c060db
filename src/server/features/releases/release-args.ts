import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseReleaseNotes } from '../../../common/release-notes';
import { commitHashPattern, semverPattern } from '../../../common/validation/releases';
import { type ReleaseType, releaseTypes } from './get-latest-release';
import type { RecordReleaseInput } from './record-release';

export const releaseUsage = `Usage: npm run release -- --version <x.y.z> --type <major|minor> --notes <file.md>
                          [--commit <hash>] [--message <commit message>] [--by <name>]

Records a successful deployment in the database the server uses (DATABASE_URL, or the PGlite
folder DATA_DIR, default ./data), so signed-in users see its notes in the release dialog.
With PGlite, stop the server first: the embedded database allows one process at a time.

  --version  the released version, e.g. 1.2.0
  --type     major or minor (the dialog's badge)
  --notes    markdown file: "# title", "## sections", "### items"
  --commit   commit hash (default: git rev-parse HEAD, when git is available)
  --message  commit message
  --by       who deployed`;

export type ReleaseArgs =
  | { ok: true; help: true }
  | { ok: true; help: false; release: RecordReleaseInput; notesPath: string; commitFromGit: boolean }
  | { ok: false; errors: string[] };

// The same rules as recording a release from the super-admin screen.
const SEMVER = semverPattern;
const COMMIT = commitHashPattern;

/**
 * Reads and checks the release script's arguments; every problem is reported at once.
 * `headCommit` is asked for the commit only when `--commit` is absent.
 */
export function parseReleaseArgs(
  argv: string[],
  headCommit: () => string | null = gitHeadCommit,
): ReleaseArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        version: { type: 'string' },
        type: { type: 'string' },
        notes: { type: 'string' },
        commit: { type: 'string' },
        message: { type: 'string' },
        by: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  if (values.help) return { ok: true, help: true };

  const errors: string[] = [];
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };

  const version = text('version');
  if (!version) errors.push('--version is required (e.g. --version 1.2.0)');
  else if (!SEMVER.test(version)) errors.push(`--version must look like 1.2.0, got "${version}"`);

  const type = text('type');
  if (!type) errors.push('--type is required: major or minor');
  else if (!releaseTypes.includes(type as ReleaseType))
    errors.push(`--type must be major or minor, got "${type}"`);

  const notesPath = text('notes');
  let releaseNotes = '';
  if (!notesPath) errors.push('--notes is required: the path of the release notes markdown file');
  else {
    const notes = readNotes(notesPath);
    if ('error' in notes) errors.push(notes.error);
    else releaseNotes = notes.text;
  }

  let commitHash = text('commit') ?? null;
  const commitFromGit = !commitHash;
  if (commitHash && !COMMIT.test(commitHash)) {
    errors.push(`--commit must be a hexadecimal commit hash of 7 to 40 characters, got "${commitHash}"`);
  }
  if (!commitHash && errors.length === 0) commitHash = headCommit();

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    help: false,
    notesPath: notesPath!,
    commitFromGit,
    release: {
      version: version!,
      releaseType: type as ReleaseType,
      releaseNotes,
      commitHash: commitHash?.toLowerCase() ?? null,
      commitMessage: text('message') ?? null,
      deployedBy: text('by') ?? null,
    },
  };
}

function readNotes(notesPath: string): { text: string } | { error: string } {
  try {
    if (!statSync(notesPath).isFile()) return { error: `--notes ${notesPath} is not a file` };
  } catch {
    return { error: `--notes file not found: ${notesPath}` };
  }
  let text: string;
  try {
    text = readFileSync(notesPath, 'utf8');
  } catch (error) {
    return { error: `--notes ${notesPath} cannot be read: ${(error as Error).message}` };
  }
  if (text.trim() === '') return { error: `--notes ${notesPath} is empty` };
  if (!parseReleaseNotes(text).title) return { error: `--notes ${notesPath} has no "# title" heading` };
  return { text };
}

/** The checked-out commit, or null outside a git work tree (e.g. a deployed tarball). */
export function gitHeadCommit(): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return COMMIT.test(out) ? out : null;
  } catch {
    return null;
  }
}
