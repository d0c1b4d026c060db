/**
 * Makes a super admin: `npm run create-super-admin -- --email you@example.com [--password …]`.
 * Opens the same database as the server (src/server/main.ts), migrates it, and makes the
 * account a super admin (or creates it in a "Locus Platform" organization). Exit code 1 on bad
 * arguments or a database failure.
 */
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import {
  createSuperAdmin,
  createSuperAdminUsage,
  parseCreateSuperAdminArgs,
} from '../src/server/features/platform-organizations/create-super-admin';

const args = parseCreateSuperAdminArgs(process.argv.slice(2));
if (!args.ok) {
  for (const error of args.errors) console.error(`error: ${error}`);
  console.error(`\n${createSuperAdminUsage}`);
  process.exit(1);
}
if (args.help) {
  console.log(createSuperAdminUsage);
  process.exit(0);
}

const config = readConfig();
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`;
let exitCode = 0;
try {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 1 } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const result = await createSuperAdmin(database.db, args.input);
    if (result.alreadySuperAdmin) {
      console.log(`${result.email} is already a super admin (${where}); nothing changed.`);
    } else if (!result.created) {
      console.log(
        `${result.email} (organization "${result.organizationName}") is now a super admin (${where}).`,
      );
      if (args.input.password !== undefined) console.log('  Its password was left unchanged.');
    } else {
      console.log(
        `Created super admin ${result.email} in organization "${result.organizationName}" (${where}).`,
      );
      if (result.generatedPassword) {
        console.log(`  Password: ${result.generatedPassword}`);
        console.log('  (shown once; it must be changed at first sign-in)');
      }
    }
    console.log('Sign in and open /super-admin.');
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`error: could not create the super admin in ${where}: ${(error as Error).message}`);
  exitCode = 1;
}
process.exit(exitCode);
