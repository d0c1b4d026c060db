import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Seals secrets kept in the database (mail passwords, OAuth tokens, queued links) with AES-256-GCM.
 * A sealed value reads `v1:<iv>:<tag>:<ciphertext>` (base64url), so a tampered or foreign value
 * fails to open instead of decrypting to garbage.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** An HMAC-SHA256 (base64url) of `data` under a key derived from this box's, for signed links. */
  sign(data: string): string;
  /** Whether `signature` is `sign(data)`, in constant time. */
  verify(data: string, signature: string): boolean;
}

const version = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes (AES-256)');
  // A separate key for signing, so a signature never says anything about the sealing key.
  const signingKey = createHmac('sha256', key).update('locus-signing-v1').digest();
  const sign = (data: string) => createHmac('sha256', signingKey).update(data).digest('base64url');
  return {
    sign,
    verify(data, signature) {
      const expected = Buffer.from(sign(data));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split(':');
      if (v !== version || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The key from SECRET_KEY (64 hex characters or 32 bytes in base64), else from `secret.key`
 * beside the data, created on first start. Several instances on one database must share it,
 * so they need SECRET_KEY (README).
 */
export function loadSecretKey(value: string | undefined, dataDir: string): Buffer {
  if (value && value.trim() !== '') {
    const text = value.trim();
    const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes: 64 hex characters or base64');
    return key;
  }
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}
