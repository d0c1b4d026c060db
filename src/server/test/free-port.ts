import { createServer } from 'node:net';

/**
 * A port free on 127.0.0.1 right now, from the system's ephemeral range. A random port of a fixed
 * range can belong to another suite's server running beside this one (CI runs the e2e servers,
 * SMTP and IMAP servers next to the vitest files), which would then answer for ours.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
