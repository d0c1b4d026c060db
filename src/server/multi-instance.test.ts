import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSessionCacheMs } from './config';
import { defaultAuthRateLimits } from './features/auth/routes';
import { startWebhookReceiver } from './features/webhooks/test-receiver';
import { startTestSmtpServer } from './test/smtp-server';
import { runAdminQuery, withDatabaseName } from './test/test-database';
import { freePort } from './test/free-port';

/*
 * Issue 21 §6: three server processes (the compiled server `npm start` runs) on one fresh
 * PostgreSQL database, one FILES_DIR and one SECRET_KEY, as three servers behind a load balancer
 * would be, driven over HTTP. They start together, so their migrations race as a rolling
 * deployment's would.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
// npm test runs it on its PostgreSQL lane, not again on the PGlite lane (scripts/test-all.mjs).
const skipReason = !serverUrl
  ? 'TEST_DATABASE_URL is not set'
  : process.env.TEST_DB_DRIVER === 'pglite'
    ? 'it runs on the PostgreSQL lane'
    : undefined;
const instanceCount = 3;
const sessionCookie = 'locus_sid';
const password = 'correct horse battery';

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  /** The server's JSON log lines, parsed. */
  logs: Record<string, unknown>[];
}

interface Answer {
  status: number;
  body: Buffer;
  json: () => any;
  cookie?: string;
}

let instances: Instance[] = [];
let databaseName = '';
let scratch = '';
let build = '';
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

async function call(
  instance: Instance,
  method: string,
  url: string,
  { cookie, json, bytes }: { cookie?: string; json?: unknown; bytes?: Buffer } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (bytes) headers['content-type'] = 'application/octet-stream';
  const res = await fetch(`${instance.url}${url}`, {
    method,
    headers,
    body: bytes ? new Uint8Array(bytes) : json === undefined ? undefined : JSON.stringify(json),
    redirect: 'manual',
  });
  const body = Buffer.from(await res.arrayBuffer());
  const session = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${sessionCookie}=`));
  return { status: res.status, body, json: () => JSON.parse(body.toString('utf8')), cookie: session };
}

async function expectStatus(answer: Promise<Answer>, status: number) {
  const got = await answer;
  expect(got.status, got.body.toString('utf8').slice(0, 500)).toBe(status);
  return got;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function start(name: string, serverFile: string, env: Record<string, string>): Promise<Instance> {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [serverFile], {
          env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const instance: Instance = { name, url: `http://127.0.0.1:${port}`, child, logs: [] };
        const output: string[] = [];
        for (const stream of [child.stdout, child.stderr]) {
          createInterface({ input: stream }).on('line', (line) => {
            output.push(line);
            try {
              instance.logs.push(JSON.parse(line));
            } catch {
              // not a log line (a warning from Node)
            }
            if (line.includes('Locus is listening')) resolve(instance);
          });
        }
        child.once('exit', (code) =>
          reject(new Error(`${name} exited (${code}) before listening:\n${output.slice(-30).join('\n')}`)),
        );
      }),
  );
}

async function register(on: Instance) {
  const email = `owner-${randomBytes(6).toString('hex')}@example.com`;
  const res = await expectStatus(
    call(on, 'POST', '/api/auth/register', {
      json: {
        organizationName: 'Acme Recovery',
        industrySector: 'Surplus Funds Locator',
        firstName: 'Ada',
        lastName: 'Owner',
        email,
        password,
      },
    }),
    201,
  );
  return {
    email,
    cookie: res.cookie as string,
    user: res.json() as { id: string; organizationId: string },
  };
}

function stop(instance: Instance) {
  if (instance.child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  return exited;
}

describe.skipIf(skipReason !== undefined)(
  `three server processes on one PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      const url = serverUrl as string;
      scratch = mkdtempSync(path.join(tmpdir(), 'locus-multi-'));
      // Its own build of the server (`npm test` builds dist/ beside the vitest lanes), inside the
      // checkout so that it finds node_modules and drizzle/ as dist/server/main.mjs does.
      build = path.resolve('.tmp', `multi-instance-${process.pid}`);
      const serverFile = path.join(build, 'main.mjs');
      const built = spawnSync(process.execPath, ['scripts/build-server.mjs', build], {
        encoding: 'utf8',
      });
      if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
      databaseName = `locus_multi_${Date.now()}_${process.pid}`;
      await runAdminQuery(url, `create database ${databaseName}`);
      smtp = await startTestSmtpServer();
      receiver = await startWebhookReceiver();
      const filesDir = path.join(scratch, 'files');
      const shared = {
        DATABASE_URL: withDatabaseName(url, databaseName),
        FILES_DIR: filesDir,
        SECRET_KEY: randomBytes(32).toString('hex'),
        APP_URL: 'http://locus.test',
        // Debug level logs each scheduled job's run; the purge and sweep run every 50 ms.
        LOG_LEVEL: 'debug',
        AUDIT_PURGE_INTERVAL_MS: '50',
        FILE_SWEEP_INTERVAL_MS: '50',
        OUTBOX_POLL_MS: '100',
        OUTBOX_RETRY_BASE_MS: '500',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        NODE_ENV: 'test',
      };
      instances = await Promise.all(
        ['A', 'B', 'C'].map((name) => {
          const dataDir = path.join(scratch, `data-${name}`);
          mkdirSync(dataDir, { recursive: true });
          return start(name, serverFile, { ...shared, DATA_DIR: dataDir });
        }),
      );
    }, 180_000);

    afterAll(async () => {
      await Promise.all(instances.map(stop));
      await smtp?.close();
      await receiver?.close();
      if (databaseName && serverUrl)
        await runAdminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
      for (const folder of [scratch, build]) if (folder) rmSync(folder, { recursive: true, force: true });
    }, 60_000);

    const [a, b, c] = [0, 1, 2].map((i) => () => instances[i]);

    it('started all three on one fresh database, migrating it once', async () => {
      expect(instances).toHaveLength(instanceCount);
      for (const instance of instances) {
        const health = await expectStatus(call(instance, 'GET', '/api/health'), 200);
        expect(health.json()).toMatchObject({ status: 'ok' });
      }
    });

    it('a session made on A is the same session on B and C; signing out on B ends it everywhere', async () => {
      const owner = await register(a());
      for (const instance of instances) {
        const me = await expectStatus(call(instance, 'GET', '/api/user', { cookie: owner.cookie }), 200);
        expect(me.json()).toMatchObject({ id: owner.user.id, email: owner.email });
      }
      const signedIn = await expectStatus(
        call(c(), 'POST', '/api/auth/login', { json: { email: owner.email, password } }),
        200,
      );
      await call(b(), 'POST', '/api/logout', { cookie: signedIn.cookie });
      // B made the change: B refuses at once; A and C within their session cache's bound.
      expect((await call(b(), 'GET', '/api/user', { cookie: signedIn.cookie })).status).toBe(401);
      for (const instance of [a(), c()]) {
        await until(`${instance.name} to refuse`, async () =>
          (await call(instance, 'GET', '/api/user', { cookie: signedIn.cookie })).status === 401
            ? true
            : undefined,
        );
      }
      expect((await call(a(), 'GET', '/api/user', { cookie: owner.cookie })).status).toBe(200);
    });

    it('counts failed sign-ins across instances: failures on A, B and C lock the e-mail on all three', async () => {
      const owner = await register(a());
      const perEmail = defaultAuthRateLimits.signInFailuresPerEmail;
      for (let i = 0; i < perEmail; i++) {
        const on = instances[i % instanceCount];
        await expectStatus(
          call(on, 'POST', '/api/auth/login', { json: { email: owner.email, password: 'wrong password' } }),
          401,
        );
      }
      for (const instance of instances) {
        // The right password too: the e-mail waits out its window on every instance.
        const refused = await call(instance, 'POST', '/api/auth/login', {
          json: { email: owner.email, password },
        });
        expect(refused.status, instance.name).toBe(429);
      }
    });

    it('refuses a user deactivated on A on B and C within the session cache bound', async () => {
      const owner = await register(a());
      const member = await expectStatus(
        call(a(), 'POST', '/api/users', {
          cookie: owner.cookie,
          json: {
            email: `member-${randomBytes(6).toString('hex')}@example.com`,
            firstName: 'Mia',
            lastName: 'Member',
            role: 'user',
            status: 'active',
            password: 'temporary-pass',
          },
        }),
        201,
      );
      const { id, email } = member.json();
      const first = await expectStatus(
        call(b(), 'POST', '/api/auth/login', { json: { email, password: 'temporary-pass' } }),
        200,
      );
      await expectStatus(
        call(c(), 'POST', '/api/auth/change-password', {
          cookie: first.cookie,
          json: { currentPassword: 'temporary-pass', newPassword: 'my-own-password' },
        }),
        200,
      );
      const cookie = first.cookie as string;
      // Warm B's and C's caches: both have served the session just before it ends.
      for (const instance of [b(), c(), b(), c()])
        await expectStatus(call(instance, 'GET', '/api/user', { cookie }), 200);
      const deactivatedAt = Date.now();
      await expectStatus(
        call(a(), 'PATCH', `/api/users/${id}`, { cookie: owner.cookie, json: { status: 'inactive' } }),
        200,
      );
      expect((await call(a(), 'GET', '/api/user', { cookie })).status).toBe(401);
      const refusedAfter = await Promise.all(
        [b(), c()].map((instance) =>
          until(`${instance.name} to refuse the deactivated user`, async () =>
            (await call(instance, 'GET', '/api/user', { cookie })).status === 401
              ? Date.now() - deactivatedAt
              : undefined,
          ),
        ),
      );
      // SESSION_CACHE_MS bounds how long another instance's change goes unseen; the rest is the
      // requests' own time on a busy machine.
      for (const ms of refusedAfter) expect(ms).toBeLessThanOrEqual(defaultSessionCacheMs + 1500);
    });

    it('delivers each e-mail composed on any instance exactly once while all three run outbox workers', async () => {
      const owner = await register(b());
      await expectStatus(
        call(a(), 'PUT', '/api/organization-email-settings', {
          cookie: owner.cookie,
          json: {
            smtpHost: smtp.host,
            smtpPort: smtp.port,
            smtpSecurity: 'none',
            smtpUsername: '',
            smtpPassword: '',
          },
        }),
        200,
      );
      const tag = randomBytes(4).toString('hex');
      const subjects = Array.from({ length: 9 }, (_, i) => `Claim ${tag} #${i}`);
      await Promise.all(
        subjects.map((subject, i) =>
          expectStatus(
            call(instances[i % instanceCount], 'POST', '/api/emails', {
              cookie: owner.cookie,
              json: { to: ['heir@example.com'], subject, bodyHtml: `<p>${subject}</p>` },
            }),
            201,
          ),
        ),
      );
      const ours = () => smtp.received.filter((mail) => mail.parsed.subject?.includes(tag));
      await until('the e-mails', async () => (ours().length >= subjects.length ? true : undefined));
      // Several more polls of every worker: a second delivery would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(
        ours()
          .map((mail) => mail.parsed.subject)
          .toSorted(),
      ).toEqual(subjects.toSorted());
    });

    it('delivers each webhook event exactly once to a local receiver', async () => {
      const owner = await register(c());
      await expectStatus(
        call(a(), 'POST', '/api/integrations', {
          cookie: owner.cookie,
          json: {
            name: 'Receiver',
            type: 'webhook',
            config: { url: `${receiver.url}/hook`, events: ['lead.created'] },
          },
        }),
        201,
      );
      const leads = await Promise.all(
        Array.from({ length: 9 }, async (_, i) => {
          const res = await expectStatus(
            call(instances[i % instanceCount], 'POST', '/api/leads', {
              cookie: owner.cookie,
              json: { fullName: `Heir ${i}` },
            }),
            201,
          );
          return res.json().id as string;
        }),
      );
      const hooks = () => receiver.received.filter((request) => request.path === '/hook');
      await until('the webhooks', async () => (hooks().length >= leads.length ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const delivered = hooks().map((request) => JSON.parse(request.body).data.id as string);
      expect(delivered.toSorted()).toEqual(leads.toSorted());
      expect(new Set(hooks().map((request) => request.headers['webhook-id'])).size).toBe(leads.length);
    });

    it('serves a file uploaded through A from B and C', async () => {
      const owner = await register(a());
      const bytes = randomBytes(50_000);
      const uploaded = await expectStatus(
        call(a(), 'POST', '/api/files?name=deed.pdf&type=application%2Fpdf', { cookie: owner.cookie, bytes }),
        201,
      );
      for (const instance of [b(), c()]) {
        const got = await expectStatus(
          call(instance, 'GET', uploaded.json().url, { cookie: owner.cookie }),
          200,
        );
        expect(got.body.equals(bytes), instance.name).toBe(true);
      }
    });

    it('runs each scheduled job on one instance at a time', () => {
      const runs = instances.flatMap((instance) =>
        instance.logs
          .filter((line) => line.msg === 'scheduled job ran')
          .map((line) => ({
            instance: instance.name,
            job: line.job as string,
            startedAt: Date.parse(line.startedAt as string),
            endedAt: Date.parse(line.endedAt as string),
          })),
      );
      for (const job of ['audit-purge', 'file-sweep']) {
        const ofJob = runs.filter((run) => run.job === job).toSorted((x, y) => x.startedAt - y.startedAt);
        // Every 50 ms on each of three servers for the whole test: many turns, most skipped.
        expect(ofJob.length, job).toBeGreaterThan(20);
        for (let i = 1; i < ofJob.length; i++) {
          const [before, after] = [ofJob[i - 1], ofJob[i]];
          expect(after.startedAt, `${job}: ${JSON.stringify([before, after])}`).toBeGreaterThanOrEqual(
            before.endedAt,
          );
        }
      }
    });
  },
);
