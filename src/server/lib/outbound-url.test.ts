import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutbound, isPrivateAddress, OutboundRequestError } from './outbound-url';

/** A real local HTTP server whose routes play the receivers the guard must survive. */
let server: http.Server;
let base: string;
const openSockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/ok') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`got ${request.method} ${body}`);
      });
    } else if (path === '/redirect') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    } else if (path === '/huge') {
      // 10 MB, written in chunks as a real server would.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
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
    } else if (path === '/silent') {
      // Never answers.
    } else if (path === '/trickle') {
      response.writeHead(200);
      const timer = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(timer));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  server.on('connection', (socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of openSockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = { allowPrivate: true, timeoutMs: 2000, maxBytes: 4096 };

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets public %s through',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('fetchOutbound', () => {
  it('sends the request and answers the status and body when private targets are allowed', async () => {
    const response = await fetchOutbound(
      `${base}/ok`,
      { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } },
      allowed,
    );
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('got POST hello');
    expect(response.truncated).toBe(false);
    expect(response.address).toBe('127.0.0.1');
  });

  it('refuses loopback, a name resolving to loopback, and metadata addresses by default', async () => {
    const strict = { ...allowed, allowPrivate: false };
    for (const url of [
      `${base}/ok`,
      `http://localhost:${new URL(base).port}/ok`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const error = await fetchOutbound(url, {}, strict).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(OutboundRequestError);
      expect((error as OutboundRequestError).code, url).toBe('blocked_address');
    }
  });

  it('refuses URLs that are not http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'not a url']) {
      const error = await fetchOutbound(url, {}, allowed).catch((e: unknown) => e);
      expect((error as OutboundRequestError).code).toBe('invalid_url');
    }
  });

  it('never follows a redirect (a redirect to a metadata address is answered as the 3xx it is)', async () => {
    const response = await fetchOutbound(`${base}/redirect`, {}, allowed);
    expect(response.status).toBe(302);
    expect(response.headers.location).toContain('169.254.169.254');
  });

  it('reads at most maxBytes of a 10 MB answer and says it cut it', async () => {
    const response = await fetchOutbound(`${base}/huge`, {}, allowed);
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(4096);
    expect(response.truncated).toBe(true);
  });

  it('gives up on a receiver that never answers, and on one that never finishes', async () => {
    for (const path of ['/silent', '/trickle']) {
      const started = Date.now();
      const error = await fetchOutbound(
        `${base}${path}`,
        {},
        { ...allowed, timeoutMs: 300, maxBytes: 1024 * 1024 },
      ).catch((e: unknown) => e);
      expect((error as OutboundRequestError).code, path).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('reports a closed port as a network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await fetchOutbound(`http://127.0.0.1:${port}/`, {}, allowed).catch((e: unknown) => e);
    expect((error as OutboundRequestError).code).toBe('network');
  });

  it('reports a name that does not resolve', async () => {
    const error = await fetchOutbound('http://no-such-host.invalid/', {}, allowed).catch((e: unknown) => e);
    expect((error as OutboundRequestError).code).toBe('dns');
  });
});
