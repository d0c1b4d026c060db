import { spawn } from 'node:child_process';

/**
 * The floors the server's RSS is read against, each in a process of its own, measured the same
 * way (VmRSS): a bare Node process, and bare PGlite (the server's version, extension and settings)
 * holding the soak's data folder after reading every table the day touched.
 */
const bareNode = `
const { readFileSync } = require('node:fs');
setTimeout(() => {
  console.log(JSON.stringify({ rssKb: Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) }));
}, 1000);
`;

const barePglite = `
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const options = JSON.parse(process.env.SOAK_PGLITE_OPTIONS);
const db = await PGlite.create({ dataDir: process.env.SOAK_DATA_DIR, extensions: { pg_trgm }, ...options });
for (const table of ['leads', 'clients', 'deals', 'companies', 'activities', 'lead_activities', 'sessions', 'system_audit_logs'])
  await db.query('select * from ' + table);
await db.query("select id from leads where full_name ilike '%mar%' limit 50");
await new Promise((r) => setTimeout(r, 1000));
console.log(JSON.stringify({
  rssKb: Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]),
  usage: process.memoryUsage(),
}));
await db.close();
`;

function runForJson(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ rssKb: number; usage?: NodeJS.MemoryUsage }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`floor process exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'));
    });
  });
}

export async function measureFloors(dataDir: string, pgliteOptions: Record<string, unknown>) {
  const node = await runForJson(['-e', bareNode], {});
  const pglite = await runForJson(['--input-type=module', '-e', barePglite], {
    SOAK_DATA_DIR: dataDir,
    SOAK_PGLITE_OPTIONS: JSON.stringify(pgliteOptions),
  });
  return {
    bareNodeMb: node.rssKb / 1024,
    barePgliteMb: pglite.rssKb / 1024,
    barePgliteExternalMb: (pglite.usage?.external ?? 0) / 1048576,
  };
}
