import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { openDatabase } from '../../src/server/db';
import { emailAccounts, emails } from '../../src/server/db/schema/email';
import { requestMailboxSync } from '../../src/server/features/email-sync/request-mailbox-sync';
import {
  defaultMaxMessageBytes,
  defaultSyncChunkSize,
  runMailboxSync,
  uidRange,
} from '../../src/server/features/email-sync/run-mailbox-sync';
import { createDiskFileStore } from '../../src/server/lib/disk-file-store';
import { startDovecot } from '../../src/server/test/dovecot';
import { registerOrganizationOwner } from '../../src/server/test/sessions';
import { createTestApp } from '../../src/server/test/test-app';

/**
 * First sync of a large mailbox (issue 15, performance): the time our full sync takes against a
 * bare imapflow fetch of the same messages in the same chunks (target ≤ 1.5×), and the peak RSS
 * growth while syncing (target ≤ 150 MB). Messages are written straight into the Maildir (as
 * dovecot's mail user), so seeding 10,000 takes seconds.
 */
const messageCount = Number(process.env.BENCH_MESSAGES ?? 10_000);
const mailUid = 8;
const user = 'bench@locus-bench.test';
const password = 'bench-pass';
const leadAddresses = Array.from({ length: 50 }, (_, i) => `claimant${i}@example.org`);

function message(i: number): string {
  const from =
    i % 3 === 0 ? leadAddresses[i % leadAddresses.length] : `sender${i % 400}@mail${i % 40}.example.net`;
  const reply =
    i % 10 === 5 ? [`In-Reply-To: <m${i - 1}@bench.test>`, `References: <m${i - 1}@bench.test>`] : [];
  const paragraph = `Paragraph about surplus funds case ${i}, the county, the claim and the heirs. `.repeat(
    12,
  );
  const headers = [
    `From: Sender ${i} <${from}>`,
    `To: ${user}`,
    `Subject: Case ${i}: surplus funds`,
    `Message-ID: <m${i}@bench.test>`,
    `Date: ${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString()}`,
    ...reply,
    'MIME-Version: 1.0',
  ];
  if (i % 20 === 7) {
    const attachment = randomBytes(15_000).toString('base64').replace(/.{76}/g, '$&\r\n');
    return [
      ...headers,
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      paragraph,
      '--b',
      `Content-Type: application/pdf; name="deed-${i}.pdf"`,
      'Content-Disposition: attachment; filename="deed-' + i + '.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      attachment,
      '--b--',
      '',
    ].join('\r\n');
  }
  return [
    ...headers,
    'Content-Type: multipart/alternative; boundary="a"',
    '',
    '--a',
    'Content-Type: text/plain; charset=utf-8',
    '',
    paragraph,
    '--a',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<html><body><p>${paragraph}</p></body></html>`,
    '--a--',
    '',
  ].join('\r\n');
}

/** Writes the messages as Maildir files owned by the mail user (dovecot indexes them on first SELECT). */
function seedMaildir(root: string) {
  const maildir = path.join(root, 'mail', user);
  let bytes = 0;
  for (const sub of ['', 'cur', 'new', 'tmp']) {
    mkdirSync(path.join(maildir, sub), { recursive: true });
    chownSync(path.join(maildir, sub), mailUid, mailUid);
  }
  const base = Math.floor(Date.now() / 1000);
  for (let i = 0; i < messageCount; i += 1) {
    const body = message(i);
    bytes += body.length;
    const file = path.join(maildir, 'cur', `${base + i}.M${i}P1.bench,S=${body.length}:2,S`);
    writeFileSync(file, body);
    chownSync(file, mailUid, mailUid);
  }
  return bytes;
}

/** Peak RSS above the level when sampling started, sampled every 50 ms. */
function sampleRss() {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    return (peak - start) / 1024 / 1024;
  };
}

async function bareFetch(host: string, port: number) {
  const client = new ImapFlow({ host, port, secure: false, auth: { user, pass: password }, logger: false });
  await client.connect();
  const started = performance.now();
  let count = 0;
  let bytes = 0;
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  try {
    const uids = ((await client.search({ all: true }, { uid: true })) || []).toSorted((a, b) => a - b);
    for (let i = 0; i < uids.length; i += defaultSyncChunkSize) {
      const chunk = uids.slice(i, i + defaultSyncChunkSize);
      const query = {
        uid: true,
        flags: true,
        internalDate: true,
        size: true,
        source: { maxLength: defaultMaxMessageBytes },
      };
      for await (const msg of client.fetch(uidRange(chunk), query, { uid: true })) {
        count += 1;
        bytes += msg.source?.length ?? 0;
      }
    }
  } finally {
    lock.release();
  }
  const ms = performance.now() - started;
  await client.logout();
  return { ms, count, bytes };
}

async function main() {
  const dovecot = await startDovecot();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-bench-sync-'));
  try {
    dovecot.addUser(user, password);
    const seedStarted = performance.now();
    const seededBytes = seedMaildir(dovecot.root);
    // Let dovecot index the Maildir before anything is timed (both runs then read an indexed folder).
    const warm = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await warm.connect();
    const status = await warm.status('INBOX', { messages: true });
    await warm.logout();
    console.log(
      `seeded ${status && status.messages} messages (${(seededBytes / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const bareRuns = [];
    for (let run = 0; run < 2; run += 1) bareRuns.push(await bareFetch(dovecot.host, dovecot.port));
    const bare = bareRuns.toSorted((a, b) => a.ms - b.ms)[0];
    console.log(
      `bare imapflow fetch: ${bareRuns.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ')} (${bare.count} messages)`,
    );

    // A fresh app on a PGlite data directory on disk, as `npm start` runs it.
    const database = await openDatabase(
      process.env.BENCH_MEMORY ? { memory: true } : { dataDir: path.join(dataDir, 'db') },
    );
    await database.migrate();
    const timing = new Map<string, { n: number; ms: number }>();
    if (process.env.BENCH_QUERY_TIMES && database.pglite) {
      type Queryable = Record<string, (...args: unknown[]) => Promise<unknown>>;
      const pg = database.pglite as unknown as Queryable;
      const originalTransaction = pg.transaction.bind(pg);
      pg.transaction = (callback: unknown) =>
        originalTransaction(async (tx: unknown) => {
          const q = tx as Queryable;
          const original = q.query.bind(q);
          q.query = async (...args: unknown[]) => {
            const started = performance.now();
            try {
              return await original(...args);
            } finally {
              const key = String(args[0]).replace(/\s+/g, ' ').slice(0, 110);
              const entry = timing.get(key) ?? { n: 0, ms: 0 };
              entry.n += 1;
              entry.ms += performance.now() - started;
              timing.set(key, entry);
            }
          };
          return (callback as (tx: unknown) => Promise<unknown>)(tx);
        });
      for (const method of ['query', 'exec']) {
        const original = pg[method].bind(pg);
        pg[method] = async (...args: unknown[]) => {
          const started = performance.now();
          try {
            return await original(...args);
          } finally {
            const key = String(args[0]).replace(/\s+/g, ' ').slice(0, 110);
            const entry = timing.get(key) ?? { n: 0, ms: 0 };
            entry.n += 1;
            entry.ms += performance.now() - started;
            timing.set(key, entry);
          }
        };
      }
    }
    const t = await createTestApp({ sharedDatabase: database });
    const owner = await registerOrganizationOwner(t.app);
    for (const [i, address] of leadAddresses.entries()) {
      await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { cookie: owner.cookie },
        payload: { fullName: `Claimant ${i}`, email: address },
      });
    }
    const [account] = await t.db
      .insert(emailAccounts)
      .values({
        organizationId: owner.user.organizationId,
        userId: owner.user.id,
        provider: 'imap',
        email: user,
        imapHost: dovecot.host,
        imapPort: dovecot.port,
        imapSecurity: 'none',
        username: user,
        password: t.secrets.seal(password),
      })
      .returning();
    const { job } = await t.db.transaction((tx) =>
      requestMailboxSync(tx, { organizationId: account.organizationId, accountId: account.id }),
    );
    const context = {
      db: t.db,
      secrets: t.secrets,
      files: createDiskFileStore(t.filesDir),
      appUrl: 'http://localhost:3000',
      log: t.app.log,
    };
    global.gc?.();
    const stopSampling = sampleRss();
    const started = performance.now();
    const outcome = await runMailboxSync(context, {
      organizationId: account.organizationId,
      accountId: account.id,
      jobId: job.id,
    });
    const syncMs = performance.now() - started;
    const rssGrowth = stopSampling();
    const stored = await t.db.select({ id: emails.id }).from(emails).where(eq(emails.accountId, account.id));
    if (outcome.status !== 'completed' || stored.length !== bare.count) {
      throw new Error(`sync did not import everything: ${JSON.stringify(outcome)}, ${stored.length} stored`);
    }
    const ratio = syncMs / bare.ms;
    console.log(`our full sync: ${(syncMs / 1000).toFixed(2)} s (${stored.length} messages stored)`);
    console.log(
      `ratio ${ratio.toFixed(2)}× (target ≤ 1.5×) ${ratio <= 1.5 ? 'OK' : 'OVER'}; peak RSS growth ${rssGrowth.toFixed(0)} MB (target ≤ 150 MB) ${rssGrowth <= 150 ? 'OK' : 'OVER'}`,
    );
    for (const [key, v] of [...timing].toSorted((a, b) => b[1].ms - a[1].ms).slice(0, 15)) {
      console.log(`${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(6)}× ${key}`);
    }
    await t.close();
    await database.close();
  } finally {
    await dovecot.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
