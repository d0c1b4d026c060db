import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emails } from '../../src/server/db/schema/email';
import { organizations } from '../../src/server/db/schema/identity';
import { outbox } from '../../src/server/db/schema/platform';
import { createMailTransports } from '../../src/server/features/email/mail-transport';
import { defaultLanes, runOutboxOnce } from '../../src/server/jobs/outbox-worker';
import { outboxKinds } from '../../src/server/lib/outbox';
import { startTestSmtpServer } from '../../src/server/test/smtp-server';
import { createTestApp } from '../../src/server/test/test-app';

/*
 * Outbox delivery rate against its floor, measured in the same run (issue 15 performance: ≥ 0.8×):
 * N stored messages delivered by the outbox worker (claim, load the row, build, send, mark sent,
 * settle the job) to the local test SMTP server, against nodemailer alone sending the same N
 * messages through the same pooled transport options. Rows are written before the clock starts.
 *
 *   npm run bench:email-delivery            (N=500)
 *   BENCH_EMAIL_COUNT=2000 npm run bench:email-delivery
 */

const total = Number(process.env.BENCH_EMAIL_COUNT ?? 500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const body = `<p>${'Dear heir, your claim is ready for review. '.repeat(20)}</p>`;
const text = 'Dear heir, your claim is ready for review. '.repeat(20);

const smtp = await startTestSmtpServer();
// The worker's transport options (mail-transport.ts createMailTransports), so the floor is fair.
const pooled = {
  host: smtp.host,
  port: smtp.port,
  secure: false,
  ignoreTLS: true,
  pool: true,
  maxConnections: 5,
  maxMessages: 100,
};

async function nodemailerAlone(): Promise<number> {
  const transport = nodemailer.createTransport(pooled);
  const before = smtp.received.length;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: total }, (_, i) =>
      transport.sendMail({
        messageId: `<${randomUUID()}@bench.test>`,
        from: { name: 'Bench Org', address: 'claims@bench.test' },
        to: [`heir${i}@example.com`],
        subject: `Your claim ${i}`,
        html: body,
        text,
      }),
    ),
  );
  await smtp.waitFor(before + total, 120_000);
  const elapsed = performance.now() - started;
  transport.close();
  return elapsed;
}

const t = await createTestApp({ smtpUrl: `smtp://${smtp.host}:${smtp.port}` });
const [org] = await t.db
  .insert(organizations)
  .values({
    name: 'Bench Org',
    subdomain: `bench-${randomUUID().slice(0, 8)}`,
    emailFromName: 'Bench Org',
    emailFromAddress: 'claims@bench.test',
  })
  .returning();
// The platform server from SMTP_URL opportunistically upgrades; the test server has no STARTTLS.

async function throughOutbox(): Promise<number> {
  await t.db.transaction(async (tx) => {
    for (let start = 0; start < total; start += 250) {
      const rows = await tx
        .insert(emails)
        .values(
          Array.from({ length: Math.min(250, total - start) }, (_, k) => ({
            organizationId: org.id,
            messageId: `<${randomUUID()}@bench.test>`,
            fromEmail: 'claims@bench.test',
            toEmails: [`heir${start + k}@example.com`],
            subject: `Your claim ${start + k}`,
            bodyHtml: body,
            bodyText: text,
            direction: 'outbound' as const,
            sendStatus: 'queued' as const,
          })),
        )
        .returning({ id: emails.id });
      await tx.insert(outbox).values(
        rows.map((row) => ({
          kind: outboxKinds.sendEmail,
          organizationId: org.id,
          payload: { emailId: row.id },
        })),
      );
    }
  });
  const before = smtp.received.length;
  const started = performance.now();
  // As the background worker runs: its pooled connections stay open through the backlog.
  const mail = createMailTransports();
  const context = { ...t.app.outboxContext, mail };
  // The worker's lanes (startOutboxWorker): rounds claimed side by side, so one round's last
  // sends overlap the next round's.
  const lane = async () => {
    for (;;) {
      const round = await runOutboxOnce(context, {
        retryBaseMs: 1000,
        batchSize: process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined,
      });
      if (round.claimed === 0) break;
    }
  };
  await Promise.all(Array.from({ length: Number(process.env.BENCH_LANES ?? defaultLanes) }, lane));
  mail.close();
  await smtp.waitFor(before + total, 120_000);
  const elapsed = performance.now() - started;
  const [{ pending }] = await t.db
    .select({ pending: count() })
    .from(outbox)
    .where(eq(outbox.status, 'pending'));
  if (pending > 0) throw new Error(`${pending} jobs left pending`);
  return elapsed;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const floorMs: number[] = [];
const outboxMs: number[] = [];
// Warm-up (JIT, first connections, the database's first plans), not counted.
await nodemailerAlone();
await throughOutbox();
for (let round = 0; round < rounds; round += 1) {
  floorMs.push(await nodemailerAlone());
  outboxMs.push(await throughOutbox());
}
const floor = median(floorMs);
const worker = median(outboxMs);
const rate = (ms: number) => (total / ms) * 1000;
console.log(`email delivery, ${total} messages to the local SMTP server (median of ${rounds}):`);
console.log(`  nodemailer alone (pooled): ${floor.toFixed(0)} ms, ${rate(floor).toFixed(0)} msg/s`);
console.log(`  outbox worker:             ${worker.toFixed(0)} ms, ${rate(worker).toFixed(0)} msg/s`);
console.log(`  ratio (outbox rate / nodemailer rate): ${(floor / worker).toFixed(2)}x (target >= 0.8x)`);
await t.close();
await smtp.close();
