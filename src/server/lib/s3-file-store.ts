import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../config';
import type { FileStore, StoredFile } from './file-store';
import { isUuid } from './service-context';

export interface S3FileStoreOptions {
  /** Keys per ListObjectsV2 page (S3's own maximum is 1000; tests page with fewer). */
  pageSize?: number;
}

export interface S3FileStore extends FileStore {
  /** Throws a clear error when the bucket cannot be reached with these credentials (start-up). */
  assertReachable(): Promise<void>;
}

/** Deletes of one organization's files in flight at once. */
const deleteConcurrency = 8;

/**
 * Files in an S3-compatible bucket (docs/decisions/044): the key `<organizationId>/<id>` holds
 * the bytes, as the disk store's path does, and both parts must be uuids for the same reason.
 * Requests are signed with AWS Signature V4 by aws4fetch and addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which AWS, MinIO, Ceph, R2 and the others all accept.
 */
export function createS3FileStore(
  config: S3Config,
  { pageSize = 1000 }: S3FileStoreOptions = {},
): S3FileStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    // aws4fetch retries 5xx and 429 answers with backoff; a few tries, so a request is not held long.
    retries: 3,
  });
  const bucketUrl = `${config.endpoint}/${encodeURIComponent(config.bucket)}`;
  const objectUrl = (key: string) => `${bucketUrl}/${key}`;

  /** Every page of a ListObjectsV2 under `prefix`: keys and (with a delimiter) common prefixes. */
  async function listAll(prefix: string, delimiter?: string) {
    const objects: { key: string; lastModified: string }[] = [];
    const prefixes: string[] = [];
    let continuation: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': String(pageSize) });
      if (delimiter) query.set('delimiter', delimiter);
      if (continuation) query.set('continuation-token', continuation);
      const response = await client.fetch(`${bucketUrl}?${query}`);
      const xml = await expectOk(response, 'list files');
      for (const block of elements(xml, 'Contents')) {
        objects.push({ key: text(block, 'Key') ?? '', lastModified: text(block, 'LastModified') ?? '' });
      }
      for (const block of elements(xml, 'CommonPrefixes')) prefixes.push(text(block, 'Prefix') ?? '');
      continuation = text(xml, 'IsTruncated') === 'true' ? text(xml, 'NextContinuationToken') : undefined;
    } while (continuation);
    return { objects, prefixes };
  }

  async function deleteKey(key: string) {
    // S3 answers 204 whether or not the key existed.
    const response = await client.fetch(objectUrl(key), { method: 'DELETE' });
    await expectOk(response, 'delete a file');
  }

  return {
    async put(organizationId, id, data) {
      const key = keyOf(organizationId, id);
      if (!key) throw new Error('file ids must be uuids');
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        // A copy typed as fetch wants it (a Buffer's memory may be a SharedArrayBuffer).
        body: new Uint8Array(data),
        // The payload's own hash is signed, so the service refuses bytes changed on the way.
        headers: {
          'content-type': 'application/octet-stream',
          'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
        },
      });
      await expectOk(response, 'store a file');
    },

    async open(organizationId, id) {
      const key = keyOf(organizationId, id);
      if (!key) return null;
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) await expectOk(response, 'read a file');
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },

    async delete(organizationId, id) {
      const key = keyOf(organizationId, id);
      if (key) await deleteKey(key);
    },

    async deleteOrganization(organizationId) {
      if (!isUuid(organizationId)) return;
      const { objects } = await listAll(`${organizationId}/`);
      const keys = objects.map(({ key }) => key);
      for (let i = 0; i < keys.length; i += deleteConcurrency) {
        await Promise.all(keys.slice(i, i + deleteConcurrency).map(deleteKey));
      }
    },

    async organizations() {
      const { prefixes } = await listAll('', '/');
      return prefixes.map((prefix) => prefix.replace(/\/$/, '')).filter(isUuid);
    },

    async list(organizationId) {
      if (!isUuid(organizationId)) return [];
      const { objects } = await listAll(`${organizationId}/`);
      return objects.flatMap(({ key, lastModified }): StoredFile[] => {
        const id = key.slice(organizationId.length + 1);
        return isUuid(id) ? [{ id, storedAt: new Date(lastModified) }] : [];
      });
    },

    async assertReachable() {
      let response: Response;
      try {
        response = await client.fetch(bucketUrl, { method: 'HEAD' });
      } catch (error) {
        throw new Error(`S3 store: cannot reach ${config.endpoint} (${(error as Error).message})`, {
          cause: error,
        });
      }
      if (!response.ok)
        throw new Error(
          `S3 store: bucket "${config.bucket}" at ${config.endpoint} answered ${response.status}` +
            (response.status === 403 ? ' (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION)' : '') +
            (response.status === 404 ? ' (no such bucket)' : ''),
        );
    },
  };
}

const keyOf = (organizationId: string, id: string) =>
  isUuid(organizationId) && isUuid(id) ? `${organizationId}/${id}` : null;

/** The answer's body when it is a success; otherwise an error naming the action and S3's code. */
async function expectOk(response: Response, action: string): Promise<string> {
  const body = await response.text();
  if (response.ok) return body;
  const code = text(body, 'Code');
  throw new Error(`S3 store could not ${action}: ${response.status}${code ? ` ${code}` : ''}`);
}

/** The inner texts of every `<name>…</name>` in `xml` (S3's list answers nest no same-named elements). */
function elements(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((match) => match[1]);
}

/** The decoded text of the first `<name>` in `xml`. */
function text(xml: string, name: string): string | undefined {
  const raw = elements(xml, name)[0];
  return raw === undefined ? undefined : decodeXml(raw);
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return xmlEntities[name] ?? entity;
    return String.fromCodePoint(name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });
}
