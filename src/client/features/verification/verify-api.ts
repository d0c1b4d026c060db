import type { VerificationResult } from '../../../common/signing/verification-result';

/*
 * The public lookups of /verify. A dropped PDF is hashed here with WebCrypto and only its SHA-256
 * is sent: the document itself never leaves the browser.
 */

export type LookupOutcome = { kind: 'found'; result: VerificationResult } | { kind: 'not-found' };

export type LookupQuery = { sha256: string } | { verificationId: string };

export async function sha256OfFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function lookupSeal(query: LookupQuery): Promise<LookupOutcome> {
  const url =
    'sha256' in query
      ? `/api/verify?sha256=${encodeURIComponent(query.sha256)}`
      : `/api/verify/${encodeURIComponent(query.verificationId)}`;
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (res.status === 404) return { kind: 'not-found' };
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'The lookup failed. Please try again.');
  }
  return { kind: 'found', result: (await res.json()) as VerificationResult };
}
