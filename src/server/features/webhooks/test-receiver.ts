import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real local HTTP receiver for webhook tests, the e2e run and the bench: it records what it is
 * sent and answers as `answer` says (status, or a special behaviour by path).
 */
export async function startWebhookReceiver(
  answer: (request: ReceivedRequest, index: number) => number | 'silent' | 'huge' | 'redirect' = () => 200,
) {
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = received.push(got) - 1;
      const outcome = answer(got, index);
      if (outcome === 'silent') return;
      if (outcome === 'redirect') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
        return;
      }
      if (outcome === 'huge') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const write = () => {
          while (sent < 10 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) {
              response.once('drain', write);
              return;
            }
          }
          response.end();
        };
        write();
        return;
      }
      response.writeHead(outcome, { 'content-type': 'text/plain' });
      response.end(outcome < 300 ? 'ok' : `failed with ${outcome}`);
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
