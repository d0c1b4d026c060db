import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Config } from '../config';

/** s3rver's fixed credentials: it refuses requests signed with another key id. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on loopback (s3rver, objects in a temporary folder) with one
 * bucket, for the S3 file store: its XML answers, errors and pagination as S3 gives them.
 */
export async function startTestS3Server(bucket = 'locus-files') {
  const directory = mkdtempSync(path.join(tmpdir(), 'locus-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.mjs'), directory, bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    ...credentials,
  };
  return {
    config,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
