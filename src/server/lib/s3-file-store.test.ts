import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileStoreConfig } from '../config';
import { sweepFiles } from '../features/files/sweep-files';
import { callerOf, created, organization } from '../features/leads/test-kit';
import { startTestS3Server } from '../test/s3-server';
import { createTestApp } from '../test/test-app';
import { createS3FileStore } from './s3-file-store';

let s3: Awaited<ReturnType<typeof startTestS3Server>>;

beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.close());

const idOf = (url: string) => url.split('/')[3];
const read = async (stream: NodeJS.ReadableStream | null) => (stream ? buffer(stream) : null);

describe('the S3 file store against an S3-compatible server (s3rver)', () => {
  it('stores, streams, lists and deletes bytes under <organization>/<id>, page after page', async () => {
    // Two keys a page: listing an organization of five files takes three signed list calls.
    const store = createS3FileStore(s3.config, { pageSize: 2 });
    const [first, second] = [randomUUID(), randomUUID()];
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const bytes = new Map(ids.map((id) => [id, randomBytes(1000 + Math.floor(Math.random() * 5000))]));
    const before = Date.now() - 60_000;
    for (const id of ids) await store.put(first, id, bytes.get(id) as Buffer);
    await store.put(second, ids[0], Buffer.from('the other organization'));
    // Four organizations: their prefixes come two a page as well.
    const others = [randomUUID(), randomUUID()];
    for (const other of others) await store.put(other, randomUUID(), Buffer.from('x'));

    for (const id of ids)
      expect((await read(await store.open(first, id)))?.equals(bytes.get(id) as Buffer)).toBe(true);
    expect((await read(await store.open(second, ids[0])))?.toString()).toBe('the other organization');
    // Another organization's id, an unknown id, and ids that are not uuids have no bytes.
    expect(await store.open(second, ids[1])).toBeNull();
    expect(await store.open(first, randomUUID())).toBeNull();
    expect(await store.open('..', ids[0])).toBeNull();
    await expect(store.put(first, 'not-a-uuid', Buffer.from('x'))).rejects.toThrow('file ids must be uuids');

    const listed = await store.list(first);
    expect(listed.map(({ id }) => id).toSorted()).toEqual(ids.toSorted());
    for (const { storedAt } of listed) {
      expect(storedAt.getTime()).toBeGreaterThan(before);
      expect(storedAt.getTime()).toBeLessThan(Date.now() + 60_000);
    }
    expect((await store.organizations()).toSorted()).toEqual([first, second, ...others].toSorted());
    for (const other of others) await store.deleteOrganization(other);

    await store.delete(first, ids[0]);
    await store.delete(first, ids[0]); // already gone: not an error
    expect(await store.open(first, ids[0])).toBeNull();
    expect((await store.list(first)).map(({ id }) => id).toSorted()).toEqual(ids.slice(1).toSorted());

    await store.deleteOrganization(first);
    expect(await store.list(first)).toEqual([]);
    expect(await store.organizations()).toEqual([second]);
    expect((await read(await store.open(second, ids[0])))?.toString()).toBe('the other organization');
    await store.deleteOrganization(second);
    await store.deleteOrganization(randomUUID()); // nothing there: not an error
    expect(await store.organizations()).toEqual([]);
  });

  it('streams a large file as it arrives rather than as one buffer', async () => {
    const store = createS3FileStore(s3.config);
    const organizationId = randomUUID();
    const id = randomUUID();
    const bytes = randomBytes(3 * 1024 * 1024);
    await store.put(organizationId, id, bytes);
    const stream = await store.open(organizationId, id);
    let chunks = 0;
    const received: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks += 1;
      received.push(chunk);
    }
    expect(chunks).toBeGreaterThan(1);
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
    await store.deleteOrganization(organizationId);
  });

  it('refuses unknown credentials and a missing bucket with a reason, never showing the secret', async () => {
    // s3rver checks the key id of a V4-signed request (not its signature: docs/decisions/044).
    const secret = 'not-the-secret-key-123';
    const wrongKey = createS3FileStore({ ...s3.config, accessKeyId: 'AKIDUNKNOWN', secretAccessKey: secret });
    const failure = await wrongKey.put(randomUUID(), randomUUID(), Buffer.from('x')).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('S3 store could not store a file: 403 InvalidAccessKeyId');
    await expect(wrongKey.open(randomUUID(), randomUUID())).rejects.toThrow(
      'S3 store could not read a file: 403 InvalidAccessKeyId',
    );
    const reachable = await wrongKey.assertReachable().catch((e: Error) => e.message);
    expect(reachable).toMatch(/answered 403 \(check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION\)$/);
    expect(reachable).not.toContain(secret);

    const noBucket = createS3FileStore({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(noBucket.assertReachable()).rejects.toThrow(
      `S3 store: bucket "no-such-bucket" at ${s3.config.endpoint} answered 404 (no such bucket)`,
    );
    const closed = createS3FileStore({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    await expect(closed.assertReachable()).rejects.toThrow('S3 store: cannot reach http://127.0.0.1:9');
    await expect(createS3FileStore(s3.config).assertReachable()).resolves.toBeUndefined();
  });
});

describe('FILE_STORE and the S3_* variables', () => {
  const complete = {
    FILE_STORE: 's3',
    S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com/',
    S3_BUCKET: 'locus',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };

  it('keeps files on disk unless FILE_STORE=s3, and reads a complete S3 configuration', () => {
    expect(readFileStoreConfig({})).toEqual({ kind: 'disk' });
    expect(readFileStoreConfig({ FILE_STORE: 'disk' })).toEqual({ kind: 'disk' });
    expect(readFileStoreConfig(complete)).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'locus',
      region: 'eu-west-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
  });

  it('stops the start on an incomplete or wrong configuration, naming variables and never values', () => {
    const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = complete;
    expect(() => readFileStoreConfig(partial)).toThrow(
      'FILE_STORE=s3 needs S3_BUCKET, S3_SECRET_ACCESS_KEY (missing or empty)',
    );
    expect(() => readFileStoreConfig({ ...complete, S3_REGION: ' ' })).toThrow(
      'FILE_STORE=s3 needs S3_REGION (missing or empty)',
    );
    const badEndpoint = (() => {
      try {
        readFileStoreConfig({ ...complete, S3_ENDPOINT: 's3.amazonaws.com' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(badEndpoint).toMatch(/^S3_ENDPOINT must be an http\(s\) URL/);
    expect(badEndpoint).not.toContain(complete.S3_SECRET_ACCESS_KEY);
    expect(() => readFileStoreConfig({ FILE_STORE: 'gcs' })).toThrow(
      'FILE_STORE must be "disk" or "s3", got "gcs"',
    );
  });
});

describe('the files API with FILE_STORE=s3', () => {
  it('uploads into the bucket, downloads the same bytes to its organization only, and sweeps through it', async () => {
    const store = createS3FileStore(s3.config);
    const t = await createTestApp({ files: store });
    try {
      const call = callerOf(t);
      const owner = await organization(t);
      const other = await organization(t);
      const orgId = owner.user.organizationId;
      const bytes = randomBytes(20_000);
      const upload = async (data: Buffer) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/files?name=Deed%20scan.pdf&type=application%2Fpdf',
          headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie },
          payload: data,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { url: string; size: number; name: string };
      };
      const kept = await upload(bytes);
      const loose = await upload(Buffer.from('never attached'));
      expect((await store.list(orgId)).map(({ id }) => id).toSorted()).toEqual(
        [idOf(kept.url), idOf(loose.url)].toSorted(),
      );

      const got = await call('GET', kept.url, owner.cookie);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(bytes)).toBe(true);
      expect(got.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-length': '20000' });
      expect((await call('GET', kept.url, other.cookie)).statusCode).toBe(404);

      const leadId = (await created(t, '/api/leads', owner.cookie, { fullName: 'Lee Lead' })).id;
      await created(t, '/api/lead-activities', owner.cookie, {
        type: 'note',
        subject: 'Deed on file',
        leadId,
        attachments: [{ name: kept.name, url: kept.url, size: kept.size }],
      });
      // Past the grace: the unattached upload goes from the bucket, the attached one stays.
      const swept = await sweepFiles(t.db, store, new Date(Date.now() + 60_000));
      expect(swept.files).toBeGreaterThanOrEqual(1);
      expect((await store.list(orgId)).map(({ id }) => id)).toEqual([idOf(kept.url)]);
      expect((await call('GET', loose.url, owner.cookie)).statusCode).toBe(404);
      expect((await call('GET', kept.url, owner.cookie)).rawPayload.equals(bytes)).toBe(true);
    } finally {
      await t.close();
    }
    // Two sign-ups (argon2) and a migrated database: slow beside other suites.
  }, 180_000);
});
