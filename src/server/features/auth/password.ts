import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane): ~25 ms per check on this
 * machine kind, cheap enough for sign-in bursts, costly enough for offline guessing.
 */
export const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/**
 * Verified against when the e-mail is unknown, so both paths cost the same time: a hash made once
 * with `argon2Options` (a verify costs what its parameters say). Written out rather than hashed at
 * load, where it held a worker thread during every start (issue 21 §5); password.test.ts checks
 * that its parameters are still `argon2Options`.
 */
export const timingEqualiserHash =
  '$argon2id$v=19$m=19456,t=2,p=1$n+Y75Bbr23745DbMtDl7qQ$7Dz8t6loJiJBN0XXYuSBjf0FXAoWneQxQBh0KDcwuIg';

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  try {
    if (!storedHash) {
      await verify(timingEqualiserHash, password);
      return false;
    }
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
