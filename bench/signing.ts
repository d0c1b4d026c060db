import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import { chromium } from '@playwright/test';
import { chromiumArgs } from './landing/measure-first-load';
import { type LighthouseRun, runLighthouse } from './landing/run-lighthouse';
import { accountCpu, type CpuReading, emptyCpu } from './lists/cpu-accounting';

/*
 * `npm run bench:signing`: issue 17's three signing budgets, measured in one run against the
 * production build served by the real server (src/server/main.ts on PGlite, as a user runs it):
 *  (a) the signer's finish call (POST /api/signing/:token/finish, one drawn signature field, each
 *      time a fresh recipient who has consented and opened the document) against the floor of a
 *      bare authenticated write (POST /api/feedback: one row behind the session cookie), the two
 *      interleaved call for call; median wall time and server CPU per call → ratio ≤ 2×;
 *  (b) the JavaScript a phone downloads on the first load of /sign/<token> (gzip -9, the pdf.js
 *      worker excluded: it is fetched after first paint) → ≤ 150 KB;
 *  (c) Lighthouse mobile performance of /sign/<token> (simulated mid-range phone, slow 4G) → ≥ 90.
 * (b) and (c) are measured for a fresh link (the consent page) and for a link past consent (the
 * document with its fields), the two first loads a signer meets.
 *
 * Recipients sign through in-person tokens (POST …/recipients/:id/in-person): the same link
 * lookup, consent and finish as an e-mailed link, without reading the code from an inbox. Each
 * signer calls from its own address (X-Forwarded-For, TRUST_PROXY=true), as signers on their own
 * phones do, so the per-address limit of the signing API counts each signer once.
 *
 *   npm run bench:signing                       (40 signers, 3 Lighthouse runs per page)
 *   BENCH_SIGNERS=100 LIGHTHOUSE_RUNS=5 npm run bench:signing
 *   LIGHTHOUSE_BIN=/path/to/lighthouse npm run bench:signing   (lighthouse 12.2.3 is pinned in
 *   devDependencies; 13 needs Node 22)
 */

const signers = Number(process.env.BENCH_SIGNERS ?? 40);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const signersPerRequest = 10;
const warmupSigners = 3;
const budgets = { ratio: 2, gzipBytes: 150 * 1024, lighthouse: 90 };
const port = 39_947;
const baseUrl = `http://127.0.0.1:${port}`;

// ---------------------------------------------------------------------------------------------
// The server and the HTTP calls
// ---------------------------------------------------------------------------------------------

/** The real server on a fresh PGlite data dir; node runs it directly so its pid is the server's. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      TRUST_PROXY: 'true',
    },
    stdio: 'inherit',
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering`))),
  );
  const healthy = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([healthy, exited]);
  return child;
}

interface Call {
  cookie?: string;
  body?: unknown;
  /** The caller's address as the proxy reports it. */
  ip?: string;
  raw?: { type: string; data: Uint8Array };
}

async function api<T = Record<string, unknown>>(method: string, url: string, call: Call = {}): Promise<T> {
  const response = await send(method, url, call);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

function send(method: string, url: string, { cookie, body, ip, raw }: Call) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (ip) headers['x-forwarded-for'] = ip;
  if (raw) headers['content-type'] = raw.type;
  else if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: raw ? Buffer.from(raw.data) : body === undefined ? undefined : JSON.stringify(body),
  });
}

async function registerOwner(): Promise<string> {
  const response = await send('POST', '/api/auth/register', {
    body: {
      organizationName: 'Bench Recovery LLC',
      industrySector: 'Surplus Funds Locator',
      firstName: 'Bench',
      lastName: 'Owner',
      email: `bench-${Date.now()}@example.com`,
      password: 'correct horse battery staple',
    },
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('locus_sid='));
  if (!cookie) throw new Error('register answered no session cookie');
  return cookie.split(';')[0];
}

// ---------------------------------------------------------------------------------------------
// What the signers sign
// ---------------------------------------------------------------------------------------------

/** A one-page letter PDF, uploaded as each request's document. */
async function agreementPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 612, height: 792 });
  page.drawText('Surplus Recovery Fee Agreement', { x: 72, y: 720, size: 18 });
  page.drawText('The Claimant engages the Locator to recover the surplus funds of the sale.', {
    x: 72,
    y: 690,
    size: 11,
  });
  return pdf.save();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/**
 * What signature_pad hands over on a 390 px phone at 2× density: a 700×220 RGBA PNG of ink on
 * transparency, and the stroke's points with their times (about 60 points a second).
 */
function drawnSignature() {
  const [width, height] = [700, 220];
  const stride = 1 + width * 4;
  const raw = Buffer.alloc(height * stride);
  const points: { x: number; y: number; time: number }[] = [];
  for (let x = 20; x < width - 20; x++) {
    const y = Math.round(height / 2 + Math.sin(x / 23) * 60 * Math.cos(x / 97));
    for (let dy = -2; dy <= 2; dy++) raw.set([17, 24, 39, 255], (y + dy) * stride + 1 + x * 4);
    if (x % 4 === 0) points.push({ x, y, time: x * 4 });
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { dataUrl: `data:image/png;base64,${png.toString('base64')}`, vectorData: [{ points }] };
}

interface Signer {
  token: string;
  ip: string;
  fieldId: string;
}

interface RequestDetail {
  id: string;
  recipients: { id: string; email: string }[];
}

interface SigningView {
  state: string;
  consent?: { version: string };
  fields?: { id: string }[];
}

let signerNumber = 0;

/**
 * `count` recipients of one parallel request on a fresh document, each with one signature field,
 * each holding an in-person link; `consented` ones have accepted the disclosure and opened the
 * document (their next call can be the finish), the others are at a fresh link's first page.
 */
async function seedSigners(
  cookie: string,
  pdf: Uint8Array,
  count: number,
  consented: boolean,
): Promise<Signer[]> {
  const batch = ++signerNumber;
  const document = await api<{ id: string }>(
    'POST',
    `/api/document-instances/upload?name=${encodeURIComponent(`Fee agreement ${batch}`)}`,
    { cookie, raw: { type: 'application/pdf', data: pdf } },
  );
  const people = Array.from({ length: count }, (_, i) => ({
    name: `Signer ${batch}-${i + 1}`,
    email: `signer-${batch}-${i + 1}@example.com`,
  }));
  await api('PUT', `/api/document-instances/${document.id}/signature-fields`, {
    cookie,
    body: {
      fields: people.map((person, i) => ({
        fieldName: `${person.name} signature`,
        fieldType: 'signature',
        pageNumber: 1,
        signerEmail: person.email,
        signerName: person.name,
        xPosition: 72 + (i % 2) * 260,
        yPosition: 120 + Math.floor(i / 2) * 60,
        width: 200,
        height: 50,
      })),
    },
  });
  const request = await api<RequestDetail>('POST', `/api/document-instances/${document.id}/send`, {
    cookie,
    body: { title: `Fee agreement ${batch}`, signingOrder: 'parallel', recipients: people },
  });
  const seeded: Signer[] = [];
  for (const recipient of request.recipients) {
    const { token } = await api<{ token: string }>(
      'POST',
      `/api/enhanced-signature-requests/${request.id}/recipients/${recipient.id}/in-person`,
      { cookie },
    );
    // 198.18.0.0/15 is the benchmarking range (RFC 2544): one address per signer.
    const ip = `198.18.${batch % 256}.${seeded.length + 1}`;
    const signer = { token, ip, fieldId: '' };
    if (consented) {
      const first = await api<SigningView>('GET', `/api/signing/${token}`, { ip });
      if (first.state === 'consent' && first.consent)
        await api('POST', `/api/signing/${token}/consent`, { ip, body: { version: first.consent.version } });
      const ready = await api<SigningView>('GET', `/api/signing/${token}`, { ip });
      if (ready.state !== 'ready' || !ready.fields?.[0])
        throw new Error(`signer ${recipient.email} is "${ready.state}" after consent, not ready`);
      signer.fieldId = ready.fields[0].id;
    }
    seeded.push(signer);
  }
  return seeded;
}

// ---------------------------------------------------------------------------------------------
// (a) finish against a bare authenticated write
// ---------------------------------------------------------------------------------------------

interface Timed {
  ms: number;
}

async function timedCall(
  serverPid: number,
  cpu: CpuReading | null,
  method: string,
  url: string,
  call: Call,
  expected: number,
): Promise<Timed> {
  return accountCpu(serverPid, cpu, async () => {
    const started = performance.now();
    const response = await send(method, url, call);
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== expected) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return { ms };
  });
}

async function measureFinish(serverPid: number, cookie: string, pdf: Uint8Array) {
  const { dataUrl, vectorData } = drawnSignature();
  const finishCpu = emptyCpu();
  const floorCpu = emptyCpu();
  const finishRuns: number[] = [];
  const completingRuns: number[] = [];
  const floorRuns: number[] = [];
  const total = signers + warmupSigners;
  for (let done = 0; done < total; ) {
    const batch = await seedSigners(cookie, pdf, Math.min(signersPerRequest, total - done), true);
    for (const [index, signer] of batch.entries()) {
      const warm = done + index < warmupSigners;
      const finish = await timedCall(
        serverPid,
        warm ? null : finishCpu,
        'POST',
        `/api/signing/${signer.token}/finish`,
        {
          ip: signer.ip,
          body: {
            fields: [{ fieldId: signer.fieldId, signatureType: 'drawn', signatureData: dataUrl, vectorData }],
            sessionDuration: 42_000,
            deviceFingerprint: `bench-phone-${signer.ip}`,
          },
        },
        200,
      );
      const floor = await timedCall(
        serverPid,
        warm ? null : floorCpu,
        'POST',
        '/api/feedback',
        { cookie, body: { type: 'general', message: `Bench floor write ${done + index}` } },
        201,
      );
      if (warm) continue;
      finishRuns.push(finish.ms);
      floorRuns.push(floor.ms);
      // The last signer of a request completes it in the same transaction (issue 17 §5).
      if (index === batch.length - 1) completingRuns.push(finish.ms);
    }
    done += batch.length;
  }
  return {
    finishRuns,
    completingRuns,
    floorRuns,
    finishCpuMs: finishCpu ? finishCpu.serverMs / finishRuns.length : null,
    floorCpuMs: floorCpu ? floorCpu.serverMs / floorRuns.length : null,
  };
}

// ---------------------------------------------------------------------------------------------
// (b) first-load JavaScript, (c) Lighthouse
// ---------------------------------------------------------------------------------------------

interface FirstLoad {
  scripts: { name: string; gzipBytes: number }[];
  gzipBytes: number;
  workerGzipBytes: number;
}

const isPdfWorker = (url: string) => /pdf\.worker/i.test(url);

/**
 * Every script a fresh phone-sized browser loads for `url` until the network has been idle for
 * 2 s, gzip -9 each; the pdf.js worker is counted apart (the budget excludes it).
 */
async function measureFirstLoad(url: string): Promise<FirstLoad> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const scripts: { url: string; body: Buffer }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && !isPdfWorker(response.url())) return;
      pending.push(
        (async () => {
          scripts.push({ url: response.url(), body: await response.body() });
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    await Promise.all(pending);
    await context.close();
    const sized = scripts.map((s) => ({
      name: new URL(s.url).pathname.replace('/assets/', ''),
      worker: isPdfWorker(s.url),
      gzipBytes: gzipSync(s.body, { level: 9 }).length,
    }));
    return {
      scripts: sized.filter((s) => !s.worker),
      gzipBytes: sum(sized.filter((s) => !s.worker).map((s) => s.gzipBytes)),
      workerGzipBytes: sum(sized.filter((s) => s.worker).map((s) => s.gzipBytes)),
    };
  } finally {
    await browser.close();
  }
}

/** The pinned lighthouse CLI: the project's (devDependencies), or LIGHTHOUSE_BIN. */
function lighthouseBin(): string | null {
  const local = path.resolve('node_modules/.bin/lighthouse');
  const bin = process.env.LIGHTHOUSE_BIN || local;
  return existsSync(bin) ? bin : null;
}

/**
 * One Lighthouse mobile performance run, tried up to three times: headless Chromium on a busy
 * machine now and then loses the trace ("NO_NAVSTART"), which says nothing about the page.
 */
async function lighthouseWithRetries(bin: string, url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, 'mobile', bin);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(
        `  lighthouse failed (${String((error as { stderr?: string }).stderr ?? error).trim()}), again`,
      );
    }
  }
}

/** Without Lighthouse: FCP and LCP of a fresh phone-sized load, from the browser's performance API. */
async function paintTimings(url: string): Promise<{ fcpMs: number; lcpMs: number }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const win = window as unknown as { lcpMs: number };
      win.lcpMs = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) win.lcpMs = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    return await page.evaluate(() => ({
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      lcpMs: (window as unknown as { lcpMs: number }).lcpMs,
    }));
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} ms`);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

const dir = mkdtempSync(path.join(tmpdir(), 'locus-bench-signing-'));
const server = await startServer(path.join(dir, 'data'));
let failed = false;
try {
  const serverPid = server.pid ?? 0;
  const cookie = await registerOwner();
  const pdf = await agreementPdf();

  console.log(
    `\n(a) finish vs a bare authenticated write — ${signers} signers (after ${warmupSigners} warm-up), interleaved`,
  );
  const a = await measureFinish(serverPid, cookie, pdf);
  const ratio = median(a.finishRuns) / median(a.floorRuns);
  const cpuRatio = a.finishCpuMs !== null && a.floorCpuMs ? a.finishCpuMs / a.floorCpuMs : null;
  console.log(
    `finish (one drawn signature):  median ${ms(median(a.finishRuns))}, p90 ${ms(percentile(a.finishRuns, 0.9))}, server CPU ${ms(a.finishCpuMs)}/call`,
  );
  console.log(
    `  of which completing a request (${a.completingRuns.length}): median ${ms(median(a.completingRuns))}`,
  );
  console.log(
    `POST /api/feedback (one row):  median ${ms(median(a.floorRuns))}, p90 ${ms(percentile(a.floorRuns, 0.9))}, server CPU ${ms(a.floorCpuMs)}/call`,
  );
  console.log(
    `ratio: ${ratio.toFixed(2)}× wall${cpuRatio === null ? '' : `, ${cpuRatio.toFixed(2)}× server CPU`} — budget ${budgets.ratio}×: ${verdict(ratio <= budgets.ratio)}`,
  );
  failed ||= ratio > budgets.ratio;

  const [fresh] = await seedSigners(cookie, pdf, 1, false);
  const [opened] = await seedSigners(cookie, pdf, 1, true);
  const pages = [
    { label: 'fresh link (consent)', url: `${baseUrl}/sign/${fresh.token}` },
    { label: 'past consent (document)', url: `${baseUrl}/sign/${opened.token}` },
  ];

  console.log('\n(b) first-load JavaScript of /sign/<token>, 390×844 (gzip -9, pdf.js worker excluded)');
  for (const page of pages) {
    const load = await measureFirstLoad(page.url);
    console.log(
      `${page.label}: ${kb(load.gzipBytes)} in ${load.scripts.length} scripts (worker ${kb(load.workerGzipBytes)} apart) — budget ${kb(budgets.gzipBytes)}: ${verdict(load.gzipBytes <= budgets.gzipBytes)}`,
    );
    console.log(`  ${load.scripts.map((s) => `${s.name} ${kb(s.gzipBytes)}`).join(', ')}`);
    failed ||= load.gzipBytes > budgets.gzipBytes;
  }

  console.log('\n(c) Lighthouse mobile performance of /sign/<token>');
  const bin = lighthouseBin();
  if (!bin) {
    console.log(
      'lighthouse is not installed (npm ci installs the pinned 12.2.3, or set LIGHTHOUSE_BIN): FCP/LCP from the browser instead, unthrottled',
    );
  }
  for (const page of pages) {
    if (!bin) {
      const timings = await paintTimings(page.url);
      console.log(`${page.label}: FCP ${timings.fcpMs.toFixed(0)} ms, LCP ${timings.lcpMs.toFixed(0)} ms`);
      continue;
    }
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < lighthouseRuns; i++) runs.push(await lighthouseWithRetries(bin, page.url));
    const at = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
    const score = at('score');
    console.log(
      `${page.label}: performance ${score} (${runs.map((r) => r.score).join(', ')}), FCP ${at('firstContentfulPaintMs').toFixed(0)} ms, ` +
        `LCP ${at('largestContentfulPaintMs').toFixed(0)} ms, TBT ${at('totalBlockingTimeMs').toFixed(0)} ms, CLS ${at('cumulativeLayoutShift').toFixed(3)} — target ≥ ${budgets.lighthouse}: ${verdict(score >= budgets.lighthouse)}`,
    );
    failed ||= score < budgets.lighthouse;
  }
  console.log(
    `\nmachine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}, Node ${process.version}`,
  );
} finally {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
