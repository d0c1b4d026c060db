/**
 * Records a release: `npm run release -- --version 1.2.0 --type minor --notes docs/releases/1.2.0.md`.
 * Opens the same database as the server (src/server/main.ts), migrates it, inserts a successful
 * deployment row and prints it. Exit code 1 on bad arguments or a database failure.
 */
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { parseReleaseArgs, releaseUsage } from '../src/server/features/releases/release-args';
import { recordRelease } from '../src/server/features/releases/record-release';

const args = parseReleaseArgs(process.argv.slice(2));
if (!args.ok) {
  for (const error of args.errors) console.error(`error: ${error}`);
  console.error(`\n${releaseUsage}`);
  process.exit(1);
}
if (args.help) {
  console.log(releaseUsage);
  process.exit(0);
}

const config = readConfig();
const where = config.databaseUrl
  ? `PostgreSQL ${describeUrl(config.databaseUrl)}`
  : `PGlite ${config.dataDir}`;
let exitCode = 0;
try {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 1 } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const row = await recordRelease({ db: database.db, ...args.release });
    console.log(`Recorded release ${row.version} (${row.releaseType}) in ${where}`);
    console.log(`  id           ${row.id}`);
    console.log(`  deployed at  ${row.deployedAt.toISOString()}`);
    console.log(
      `  commit       ${row.commitHash ?? '(none: not a git work tree and no --commit)'}${args.commitFromGit && row.commitHash ? ' (git HEAD)' : ''}`,
    );
    if (row.commitMessage) console.log(`  message      ${row.commitMessage}`);
    if (row.deployedBy) console.log(`  by           ${row.deployedBy}`);
    console.log(`  notes        ${args.notesPath} (${row.releaseNotes?.length ?? 0} characters)`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`error: could not record the release in ${where}: ${(error as Error).message}`);
  exitCode = 1;
}
process.exit(exitCode);

/** host:port/database, without the credentials. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return '(DATABASE_URL)';
  }
}
