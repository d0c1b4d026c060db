import type { AddressInfo, Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpOptions {
  /** Require AUTH with this user and password (else any client may send). */
  auth?: { user: string; pass: string };
  /** Refuse the first N messages with a 451 (temporary) error. */
  failFirst?: number;
  /** Drop the connection while receiving the first N messages' data (a server dying mid-send). */
  dropFirst?: number;
  /** Wait this long before answering DATA (to test time-outs). */
  delayMs?: number;
}

/**
 * A real SMTP server on loopback (smtp-server), keeping what it accepts parsed by mailparser:
 * tests send through nodemailer to it, never through a mock transport.
 */
export async function startTestSmtpServer(options: TestSmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  let failures = options.failFirst ?? 0;
  let drops = options.dropFirst ?? 0;
  const waiters: Array<() => void> = [];
  const serverOptions: SMTPServerOptions = {
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('535 5.7.8 Authentication credentials invalid'));
      }
    },
    onData(stream, session, callback) {
      if (drops > 0) {
        drops -= 1;
        // The connection is gone: the client sees a dropped connection, not an answer.
        stream.resume();
        for (const socket of sockets) socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (failures > 0) {
          failures -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        received.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw,
          parsed: await simpleParser(raw),
        });
        callback();
        for (const wake of waiters.splice(0)) wake();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  const sockets = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  return {
    port,
    host: '127.0.0.1',
    /** For SMTP_URL / nodemailer: smtp://[user:pass@]127.0.0.1:port */
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages have been accepted (or rejects after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
