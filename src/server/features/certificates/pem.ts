/** The DER inside the first PEM block of `label` (any block when no label is given). */
export function fromPem(pem: string, label?: string): Uint8Array<ArrayBuffer> {
  const pattern = label
    ? new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`)
    : /-----BEGIN [^-]+-----([\s\S]*?)-----END [^-]+-----/;
  const match = pattern.exec(pem);
  if (!match?.[1]) throw new Error('Not a PEM block');
  return new Uint8Array(Buffer.from(match[1].replace(/\s+/g, ''), 'base64'));
}
