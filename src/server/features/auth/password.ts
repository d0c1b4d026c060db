import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane): ~25 ms per check on this
 * machine kind, cheap enough for sign-in bursts, costly enough for offline guessing.
 */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

// Verified against when the e-mail is unknown, so both paths cost the same time.
const dummyHash = hashPassword('locus-timing-equaliser');

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  try {
    if (!storedHash) {
      await verify(await dummyHash, password);
      return false;
    }
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
