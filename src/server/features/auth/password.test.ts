import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { argon2Options, hashPassword, timingEqualiserHash, verifyPassword } from './password';

const parametersOf = (hash: string) => hash.split('$')[3];

describe('passwords', () => {
  it('check an unknown e-mail against a real hash made with the same parameters as every password', async () => {
    const { memoryCost, timeCost, parallelism } = argon2Options;
    expect(parametersOf(timingEqualiserHash)).toBe(`m=${memoryCost},t=${timeCost},p=${parallelism}`);
    expect(parametersOf(await hashPassword('correct horse'))).toBe(parametersOf(timingEqualiserHash));
    expect(timingEqualiserHash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(timingEqualiserHash, 'locus-timing-equaliser')).toBe(true);
  });

  it('refuse a password without a stored hash, and accept only the right one with one', async () => {
    expect(await verifyPassword(null, 'locus-timing-equaliser')).toBe(false);
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });
});
