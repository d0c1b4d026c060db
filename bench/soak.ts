import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteStartParams, readPgliteSharedBuffers } from '../src/server/db/pglite-settings';
import { SoakClient } from './soak/client';
import { firstLook, runDay } from './soak/day-of-requests';
import { measureFloors } from './soak/floor';
import { type HeapBreakdown, readRss, slope } from './soak/process-memory';
import { createRandom } from './soak/random';
import { startSoakServer } from './soak/server-process';
import { defaultSeedSize, setUpTenant } from './soak/setup-tenant';

/*
 * `npm run bench:soak` (issue 21 §7): the compiled server on a fresh PGlite data folder, an
 * organization signed up and loaded through the API, then a day of mixed requests (lists with
 * filters and search, records opened and changed, activities logged, deals moved on the board,
 * the dashboard, the palette, settings, CSV exports, files, template renders) from three users at
 * once. The server's RSS is sampled every `sampleEvery` requests and again after it has been left
 * idle; it is read against a bare Node process and bare PGlite holding the same folder.
 */

const totalRequests = Number(process.env.SOAK_REQUESTS ?? 10_000);
const warmupRequests = Math.min(1000, Math.floor(totalRequests / 10));
const sampleEvery = 250;
const idleSeconds = Number(process.env.SOAK_IDLE_SECONDS ?? 30);
const budgetMb = 350;
/**
 * "No growth": the RSS sampled between requests is a saw (the JS heap fills, then is collected),
 * so growth is read at the saw's troughs: the lowest sample of the last third of the day after
 * warm-up may exceed the lowest of the first third by at most this fraction.
 */
const growthTolerance = 0.05;

const mb = (value: number) => `${value.toFixed(0).padStart(4)} MB`;
const breakdown = (b: HeapBreakdown) =>
  `heap ${b.heapUsed.toFixed(0)}/${b.heapTotal.toFixed(0)} MB, external ${b.external.toFixed(0)} MB (array buffers ${b.arrayBuffers.toFixed(0)}), other ${(b.rss - b.heapTotal - b.external).toFixed(0)} MB`;

// The server reads PGLITE_SHARED_BUFFERS from the same environment.
const sharedBuffers = readPgliteSharedBuffers(process.env.PGLITE_SHARED_BUFFERS);
const workDir = mkdtempSync(path.join(tmpdir(), 'locus-soak-'));
const random = createRandom(Number(process.env.SOAK_SEED ?? 21));
const startedAt = performance.now();
let server = await startSoakServer(workDir);
const checkpoints: { label: string; requests: number; rssMb: number; heap: HeapBreakdown }[] = [];
const checkpoint = async (label: string, requests: number) => {
  const heap = await server.memoryUsage();
  checkpoints.push({ label, requests, rssMb: readRss(server.pid).rssMb, heap });
  console.log(`  ${label.padEnd(28)}${mb(readRss(server.pid).rssMb)}   ${breakdown(heap)}`);
};

let floors: Awaited<ReturnType<typeof measureFloors>>;
const samples: { requests: number; rssMb: number }[] = [];
let idleRssMb = 0;
let peakMb = 0;
try {
  console.log(
    `soak: ${totalRequests.toLocaleString('en-US')} requests, RSS of the server (pid ${server.pid})`,
  );
  await new Promise((r) => setTimeout(r, 2000));
  await checkpoint('first start, new folder', 0);
  const tenant = await setUpTenant(server.url, random, defaultSeedSize);
  await checkpoint(`tenant loaded (${defaultSeedSize.leads.toLocaleString('en-US')} leads…)`, 0);

  // The day starts as a working day does: the server started on the folder it has been using
  // (creating and migrating a new folder is a one-off whose peak would otherwise stay counted).
  await server.stop();
  server = await startSoakServer(workDir, server.port);
  await new Promise((r) => setTimeout(r, 2000));
  await checkpoint('start on the loaded folder', 0);
  const seen = await firstLook(tenant);

  const wanted = new Set([warmupRequests, Math.round(totalRequests / 2), totalRequests]);
  const pending: Promise<void>[] = [];
  let nextSample = sampleEvery;
  const dayStartedAt = performance.now();
  await runDay(
    tenant,
    seen,
    random,
    totalRequests,
    () => SoakClient.sent,
    (sent) => {
      while (sent >= nextSample && nextSample <= totalRequests) {
        samples.push({ requests: nextSample, rssMb: readRss(server.pid).rssMb });
        if (wanted.has(nextSample)) {
          const label = nextSample === warmupRequests ? 'after warm-up' : 'after';
          pending.push(checkpoint(`${label} ${nextSample.toLocaleString('en-US')} requests`, nextSample));
        }
        nextSample += sampleEvery;
      }
    },
  );
  await Promise.all(pending);
  const daySeconds = (performance.now() - dayStartedAt) / 1000;
  console.log(
    `  (${SoakClient.sent.toLocaleString('en-US')} requests sent in all, the day's in ${daySeconds.toFixed(0)} s)`,
  );

  // Idle: nothing is sent; the server's own timers (outbox, sweeps) keep running.
  for (let waited = 0; waited < idleSeconds; waited += 5) await new Promise((r) => setTimeout(r, 5000));
  idleRssMb = readRss(server.pid).rssMb;
  peakMb = readRss(server.pid).hwmMb;
  await checkpoint(`idle ${idleSeconds} s`, totalRequests);
} finally {
  await server.stop();
}
try {
  floors = await measureFloors(path.join(workDir, 'db'), { startParams: pgliteStartParams(sharedBuffers) });
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const afterWarmup = samples.filter((s) => s.requests >= warmupRequests);
const growth = slope(afterWarmup.map((s) => ({ x: s.requests / 1000, y: s.rssMb })));
const third = Math.max(1, Math.floor(afterWarmup.length / 3));
const lowest = (part: typeof afterWarmup) => Math.min(...part.map((s) => s.rssMb));
const firstTrough = lowest(afterWarmup.slice(0, third));
const lastTrough = lowest(afterWarmup.slice(-third));

console.log(`\nRSS every ${sampleEvery} requests (MB):`);
for (let i = 0; i < samples.length; i += 8)
  console.log(
    `  ${samples
      .slice(i, i + 8)
      .map((s) => `${String(s.requests).padStart(6)}:${s.rssMb.toFixed(0)}`)
      .join(' ')}`,
  );

console.log('\nfloors, measured the same way after the soak:');
console.log(`  bare node process           ${mb(floors.bareNodeMb)}`);
console.log(
  `  bare PGlite, same folder     ${mb(floors.barePgliteMb)}   (external ${floors.barePgliteExternalMb.toFixed(0)} MB; shared_buffers ${sharedBuffers} like the server)`,
);
console.log(
  `  the server at idle          ${mb(idleRssMb)}   ${(idleRssMb / floors.barePgliteMb).toFixed(2)}× bare PGlite, ${(idleRssMb - floors.barePgliteMb).toFixed(0)} MB above it`,
);
console.log(`  the server's peak (VmHWM)   ${mb(peakMb)}`);

const underBudget = idleRssMb <= budgetMb;
const noGrowth = lastTrough <= firstTrough * (1 + growthTolerance);
console.log(
  `\nidle RSS ${idleRssMb.toFixed(0)} MB vs budget ${budgetMb} MB: ${underBudget ? 'PASS' : 'FAIL'}`,
);
console.log(
  `growth after warm-up: lowest RSS of the first third ${firstTrough.toFixed(0)} MB, of the last third ${lastTrough.toFixed(0)} MB (tolerance +${growthTolerance * 100}%): ${noGrowth ? 'PASS' : 'FAIL'}; least-squares slope ${growth.toFixed(2)} MB per 1,000 requests over ${afterWarmup.length} samples`,
);
if (SoakClient.failures.size > 0) {
  console.log('\nanswers that were not 2xx/3xx:');
  for (const [key, { count, example }] of SoakClient.failures)
    console.log(`  ${String(count).padStart(5)}  ${key}  ${example}`);
}
console.log('\nwhere the time went (the ten slowest routes in total):');
for (const [key, { count, ms }] of [...SoakClient.timings].toSorted((a, b) => b[1].ms - a[1].ms).slice(0, 10))
  console.log(
    `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${String(count).padStart(5)} × ${(ms / count).toFixed(0).padStart(5)} ms  ${key}`,
  );
console.log(`\ntotal run ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
if (!underBudget || !noGrowth) process.exitCode = 1;
