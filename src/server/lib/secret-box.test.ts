import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box';

describe('secret box', () => {
  it('opens what it sealed, never shows the plain text, and refuses a tampered or foreign value', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('app-password-123');
    expect(sealed).not.toContain('app-password-123');
    expect(box.seal('app-password-123')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('app-password-123');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('xx').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow('Not a sealed secret');
  });

  it('signs data so that only the same key verifies it', () => {
    const box = createSecretBox(randomBytes(32));
    const signature = box.sign('https://example.com/a');
    expect(box.verify('https://example.com/a', signature)).toBe(true);
    expect(box.verify('https://example.com/b', signature)).toBe(false);
    expect(box.verify('https://example.com/a', `${signature}x`)).toBe(false);
    expect(createSecretBox(randomBytes(32)).verify('https://example.com/a', signature)).toBe(false);
  });

  it('takes SECRET_KEY in hex or base64, else creates a key file once and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'locus-key-'));
    try {
      const hex = randomBytes(32).toString('hex');
      expect(loadSecretKey(hex, dir).toString('hex')).toBe(hex);
      expect(loadSecretKey(Buffer.from(hex, 'hex').toString('base64'), dir).toString('hex')).toBe(hex);
      expect(() => loadSecretKey('short', dir)).toThrow('SECRET_KEY must be 32 bytes');
      const created = loadSecretKey(undefined, dir);
      expect(loadSecretKey(undefined, dir).equals(created)).toBe(true);
      const file = path.join(dir, 'secret.key');
      expect(readFileSync(file, 'utf8')).toBe(created.toString('hex'));
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
