import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import type { DatabaseHandle } from './db';
import { createDiskFileStore } from './lib/disk-file-store';
import { openTestDatabase } from './test/test-database';
import { securityHeaders } from './plugins/security-headers';

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let clientDir: string;
let files: ReturnType<typeof createDiskFileStore>;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'locus-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build's precompressed copies (vite.config.ts, precompressAssets).
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await openTestDatabase();
  // Nothing here uploads, so the folder is never created.
  files = createDiskFileStore(path.join(clientDir, 'uploads'));
  app = await buildApp({ database, files, config: { clientDir, superAdminEmails: [], production: false } });
  // Probe routes exercise the error shape the way feature routes will.
  app.post(
    '/api/test/probe',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({
          fullName: z
            .string({ error: 'Full name must be at least 2 characters' })
            .min(2, 'Full name must be at least 2 characters'),
          email: z.email('Please enter a valid email address'),
          dealType: z.string().optional(),
          tags: z.array(z.string()).optional(),
          isActive: z.boolean().optional(),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/health', () => {
  it('reports the database reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { reachable: true, driver: database.driver } });
  });
});

describe('HEAD requests over HTTP', () => {
  // Answered by the GET route (lib/head-as-get-server.ts): same status and headers, no body.
  it('answers HEAD as GET without a body, for API routes and static files alike', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    for (const url of ['/api/health', '/assets/app-abc123.js']) {
      const get = await fetch(base + url);
      expect((await get.text()).length, url).toBeGreaterThan(0);
      const head = await fetch(base + url, { method: 'HEAD' });
      expect(head.status, url).toBe(200);
      expect(await head.text(), url).toBe('');
      for (const header of ['content-type', 'content-length', 'content-encoding', 'etag'])
        expect(head.headers.get(header), `${url} ${header}`).toBe(get.headers.get(header));
      expect(Number(head.headers.get('content-length')), url).toBeGreaterThan(0);
    }
    const missing = await fetch(`${base}/api/no-such-route`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });
});

describe('error shape', () => {
  it('answers a validation failure with one entry per field and the exact message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/probe',
      payload: { fullName: 'A', email: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: [
        { path: 'fullName', message: 'Full name must be at least 2 characters' },
        { path: 'email', message: 'Please enter a valid email address' },
      ],
    });
  });

  it('reports a missing required field with the spec message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/probe', payload: { email: 'a@b.co' } });
    expect(res.json().errors).toEqual([
      { path: 'fullName', message: 'Full name must be at least 2 characters' },
    ]);
  });

  it('names the field in a wrong-type message the schema left to zod', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/probe',
      payload: { fullName: 'Al Green', email: 'a@b.co', dealType: 5, tags: ['vip', 7], isActive: 'yes' },
    });
    expect(res.json().errors).toEqual([
      { path: 'dealType', message: 'Deal type must be text' },
      { path: 'tags.1', message: 'Tags must be text' },
      { path: 'isActive', message: 'Is active must be true or false' },
    ]);
    const list = await app.inject({
      method: 'POST',
      url: '/api/test/probe',
      payload: { fullName: 'Al Green', email: 'a@b.co', tags: 'vip' },
    });
    expect(list.json().errors).toEqual([{ path: 'tags', message: 'Tags must be a list' }]);
    const notAnObject = await app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(notAnObject.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: '', message: 'Request body must be a JSON object' }],
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('never leaks a stack trace or internal message on a server error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('answers an unknown API route with 404 JSON for every method', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(/not found/);
    }
  });
});

describe('security headers', () => {
  it('sends a self-only content security policy and the usual hardening headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends them on not-found answers and the built client too, and HSTS only in production', async () => {
    for (const url of ['/api/does-not-exist', '/leads/123']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const production = securityHeaders(true);
    expect(production['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(production['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
  });
});

describe('built client', () => {
  it('falls back to index.html for deep links', async () => {
    const res = await app.inject({ method: 'GET', url: '/leads/123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the signing and share pages uncached and without a referrer (their URL holds the token)', async () => {
    for (const url of [
      '/sign/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      '/share/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('serves hashed assets as immutable and other files briefly cached', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('sends the precompressed copy the browser accepts, and the plain file otherwise', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    // The compressed copies are not addressable by themselves.
    const direct = await app.inject({ method: 'GET', url: '/assets/app-abc123.js.br' });
    expect(direct.statusCode).toBe(404);
    expect(direct.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('does not serve files outside the client folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('answers a missing asset with a plain 404, never the app', async () => {
    for (const url of ['/assets/app-gone123.js', '/assets/style-gone.css', '/assets/nested/x.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/plain/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('serves the app with 200 on its own paths, parameterised ones included', async () => {
    for (const url of [
      '/',
      '/about',
      '/auth',
      '/leads',
      '/leads/123',
      '/deals/9?tab=notes',
      '/settings/tags',
      '/sign/tok',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers unknown paths with 404 and the app, which shows its not-found page', async () => {
    for (const url of ['/nope', '/leads/1/2', '/about/team', '/wp-login.php']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});

describe('route access declarations', () => {
  it('lists every route with its declared access', () => {
    const health = app.routeTable.find((r) => r.url === '/api/health');
    expect(health).toEqual({ method: 'GET', url: '/api/health', access: 'public' });
    for (const route of app.routeTable) expect(route.access).toBeTruthy();
  });

  it('refuses to register a route that declares no access', async () => {
    const bare = await buildApp({
      database,
      files,
      config: { clientDir, superAdminEmails: [], production: false },
    });
    expect(() => bare.get('/api/unguarded', async () => ({}))).toThrow(/declares no access/);
    await bare.close();
  });
});
