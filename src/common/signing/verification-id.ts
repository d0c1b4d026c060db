/*
 * The verification id printed on a sealed document's completion certificate (issue 18): 16
 * characters of Crockford base32 (80 random bits) in four groups, e.g. `7K3M-9Q2D-XW4P-8RTN`.
 * Anyone holding it can look the seal up at /verify, so it is long enough not to be guessed.
 */

export const verificationIdAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const verificationIdPattern = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** What a person typed, in the stored form: upper case, grouped; null when it cannot be an id. */
export function normalizeVerificationId(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== 16) return null;
  const grouped = compact.match(/.{4}/g)?.join('-') ?? '';
  return verificationIdPattern.test(grouped) ? grouped : null;
}

/** A new id from 10 random bytes (the caller's CSPRNG, so this module runs anywhere). */
export function formatVerificationId(random: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += verificationIdAlphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return (out.slice(0, 16).match(/.{4}/g) ?? []).join('-');
}
