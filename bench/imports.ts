import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type DatabaseHandle, openDatabase } from '../src/server/db';
import { leads } from '../src/server/db/schema/crm';
import { runImportJob } from '../src/server/features/imports/run-import-job';
import { registerOrganizationOwner } from '../src/server/test/sessions';
import { createTestApp } from '../src/server/test/test-app';
import { runAdminQuery, withDatabaseName } from '../src/server/test/test-database';

/*
 * `npm run bench:imports` (issue 19 performance): 100,000 leads imported from a CSV upload with
 * validation (the create schema per row), e-mail dedupe (2% of the rows repeat an earlier
 * e-mail: skipped) and the import's bookkeeping (import_job_records for undo, progress per
 * batch), on PGlite and on PostgreSQL, against the floor measured in the same run: a bare COPY
 * of the same rows into the same table (no checks, no dedupe). Also the peak RSS growth while
 * the import runs. Targets: ≤ 15 s on PostgreSQL, ≤ 30 s on PGlite, ≤ 200 MB RSS growth.
 *
 *   npm run bench:imports                     (both drivers; PostgreSQL from TEST_DATABASE_URL
 *                                              or postgres://postgres@127.0.0.1:5432, a fresh
 *                                              database dropped afterwards)
 *   BENCH_IMPORT_ROWS=20000 BENCH_DRIVERS=pglite npm run bench:imports
 */

const total = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,pg').split(',');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const statuses = ['New', 'Contacted', 'Qualified'];

/** The CSV a locator would upload: name, e-mail (2% repeats), phone, status, source, tags. */
function benchCsv(): string {
  const lines = ['Full Name,Email,Phone,Status,Lead Source,Tags'];
  for (let i = 0; i < total; i++) {
    const n = i % 50 === 49 ? i - 7 : i; // every 50th row repeats an earlier e-mail
    lines.push(
      `Heir Number ${i},heir${n}@example.com,(555) ${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')},${statuses[i % 3]},County list,"excess,${i % 7 === 0 ? 'vip' : 'std'}"`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The same rows as COPY text for the floor (organization id first). */
function copyRows(orgId: string): string {
  const lines: string[] = [];
  for (let i = 0; i < total; i++) {
    const n = i % 50 === 49 ? i - 7 : i;
    lines.push(
      `${orgId},Heir Number ${i},heir${n}@example.com,(555) ${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')},${statuses[i % 3]},County list,"{excess,${i % 7 === 0 ? 'vip' : 'std'}}"`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const copyColumns = '(organization_id, full_name, email, phone, lead_status, lead_source, tags)';

async function bareCopy(handle: DatabaseHandle, url: string | null, orgId: string): Promise<number> {
  const data = copyRows(orgId);
  const started = performance.now();
  if (handle.pglite) {
    await handle.pglite.query(`copy leads ${copyColumns} from '/dev/blob' with (format csv)`, [], {
      blob: new Blob([data]),
    });
  } else {
    const client = new pg.Client({ connectionString: url as string });
    await client.connect();
    try {
      await pipeline(
        Readable.from([Buffer.from(data)]),
        client.query(copyFrom(`copy leads ${copyColumns} from stdin with (format csv)`)),
      );
    } finally {
      await client.end();
    }
  }
  return (performance.now() - started) / 1000;
}

async function openTarget(driver: string) {
  if (driver === 'pglite') {
    // On disk, as the app runs it (DATA_DIR): an in-memory database would count its own pages as RSS.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-bench-imports-'));
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await handle.migrate();
    return {
      handle,
      url: null as string | null,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `locus_bench_imports_${randomBytes(4).toString('hex')}`;
  await runAdminQuery(serverUrl, `create database ${name}`);
  const url = withDatabaseName(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await handle.migrate();
  return {
    handle,
    url,
    drop: () => runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

interface Result {
  driver: string;
  importSeconds: number;
  uploadSeconds: number;
  copySeconds: number;
  created: number;
  skipped: number;
  failed: number;
  peakRssGrowthMb: number;
}

async function benchDriver(driver: string, csv: string): Promise<Result> {
  const target = await openTarget(driver);
  const t = await createTestApp({ sharedDatabase: target.handle });
  try {
    const owner = await registerOrganizationOwner(t.app);
    const orgId = owner.user.organizationId;
    const headers = { cookie: owner.cookie };
    const uploadStarted = performance.now();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/import-jobs/upload?entityType=leads&name=bench.csv',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload ${uploaded.statusCode}: ${uploaded.body}`);
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/import-jobs',
      headers,
      payload: {
        name: 'Bench import',
        entityType: 'leads',
        sourceType: 'csv',
        uploadId: uploaded.json().uploadId,
        fieldMappings: uploaded.json().suggestedMapping,
        options: { duplicates: 'skip', matchBy: 'email' },
      },
    });
    if (created.statusCode !== 201) throw new Error(`create ${created.statusCode}: ${created.body}`);
    const jobId = created.json().id as string;

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const started = performance.now();
    const outcome = await runImportJob({ db: t.db, files: t.app.outboxContext.files }, orgId, jobId);
    const importSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (outcome !== 'completed') throw new Error(`import ended ${outcome}`);
    const job = (await t.app.inject({ method: 'GET', url: `/api/import-jobs/${jobId}`, headers })).json();
    const [{ n }] = await t.db.select({ n: count() }).from(leads).where(eq(leads.organizationId, orgId));
    if (n !== job.createdRecords) throw new Error(`stored ${n} leads, the job says ${job.createdRecords}`);

    // The floor: the same rows, bare COPY, into another organization of the same database.
    const other = await registerOrganizationOwner(t.app);
    const copySeconds = await bareCopy(target.handle, target.url, other.user.organizationId);
    const [{ copied }] = await t.db
      .select({ copied: count() })
      .from(leads)
      .where(and(eq(leads.organizationId, other.user.organizationId)));
    if (copied !== total) throw new Error(`COPY stored ${copied} rows`);
    return {
      driver,
      importSeconds,
      uploadSeconds,
      copySeconds,
      created: job.createdRecords,
      skipped: job.skippedRecords,
      failed: job.failedRecords,
      peakRssGrowthMb: (peak - baseline) / 1024 / 1024,
    };
  } finally {
    await t.close();
    await target.handle.close();
    await target.drop();
  }
}

// Each driver in its own process, so one's memory (PGlite's heap) does not hide the other's growth.
if (drivers.length > 1) {
  for (const driver of drivers) {
    const child = spawnSync('npx', ['tsx', 'bench/imports.ts'], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DRIVERS: driver },
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

const csv = benchCsv();
console.log(
  `bench:imports — ${total.toLocaleString('en-US')} leads (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV)`,
);
const targets: Record<string, number> = { pglite: 30, pg: 15 };
for (const driver of drivers) {
  const r = await benchDriver(driver, csv);
  const rate = (seconds: number) => Math.round(total / seconds).toLocaleString('en-US');
  console.log(
    [
      `${driver}: import ${r.importSeconds.toFixed(2)} s (${rate(r.importSeconds)} rows/s; target ≤ ${targets[driver]} s: ${r.importSeconds <= targets[driver] ? 'met' : 'MISSED'})`,
      `  upload + preview ${r.uploadSeconds.toFixed(2)} s; bare COPY of the same rows ${r.copySeconds.toFixed(2)} s (${rate(r.copySeconds)} rows/s); import/COPY ${(r.importSeconds / r.copySeconds).toFixed(1)}×`,
      `  created ${r.created}, skipped duplicates ${r.skipped}, failed ${r.failed}; peak RSS growth ${r.peakRssGrowthMb.toFixed(0)} MB (target ≤ 200: ${r.peakRssGrowthMb <= 200 ? 'met' : 'MISSED'})`,
    ].join('\n'),
  );
}
