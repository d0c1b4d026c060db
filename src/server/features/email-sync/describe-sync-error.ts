/** What went wrong with a mailbox, for the account's "last error" and its owner. */
export interface SyncFailure {
  message: string;
  /** Worth another try soon (the network, the server busy); a refused password is not. */
  retryable: boolean;
  /** The server refused the credentials: the poll leaves the account alone until they change. */
  authFailed: boolean;
}

interface ErrorLike {
  message?: string;
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
  tlsFailed?: boolean;
  /** Set by the sync: the provider would not renew the OAuth access token. */
  oauthRefreshFailed?: boolean;
  cause?: ErrorLike;
}

const untrustedCertificateCodes = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
]);

const timeoutCodes = new Set([
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ETIMEOUT',
  'ETIMEDOUT',
]);

/** Puts an IMAP (imapflow / socket / TLS) error into words a user can act on. */
export function describeSyncError(
  error: unknown,
  server: { host: string; port: number; oauth?: boolean; connectTimeoutMs?: number },
): SyncFailure {
  const err = (error ?? {}) as ErrorLike;
  // imapflow keeps the socket's error as `_err`.
  const inner = (err as Record<string, unknown>)['_err'] as ErrorLike | undefined;
  const codes = [err.code, inner?.code, err.cause?.code].filter((c): c is string => Boolean(c));
  const where = `${server.host}:${server.port}`;
  const seconds = Math.round((server.connectTimeoutMs ?? 20_000) / 1000);
  const has = (set: Set<string>) => codes.some((code) => set.has(code));

  if (err.oauthRefreshFailed) {
    return {
      message: `The mail provider would not renew access (${(err.message ?? '').slice(0, 200)}); connect the mailbox again`,
      retryable: false,
      authFailed: true,
    };
  }
  if (err.authenticationFailed || err.serverResponseCode === 'AUTHENTICATIONFAILED') {
    const code = err.serverResponseCode ? ` (${err.serverResponseCode})` : '';
    return {
      message: server.oauth
        ? `The server refused the sign-in; connect the mailbox again${code}`
        : `The server refused the password${code}`,
      retryable: false,
      authFailed: true,
    };
  }
  if (has(untrustedCertificateCodes)) {
    const code = codes.find((c) => untrustedCertificateCodes.has(c));
    return {
      message: `The certificate of ${server.host} is not trusted (${code})`,
      retryable: false,
      authFailed: false,
    };
  }
  if (codes.includes('ECONNREFUSED')) {
    return { message: `Could not reach ${where} (connection refused)`, retryable: true, authFailed: false };
  }
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) {
    return { message: `Could not reach ${where} (no such server)`, retryable: true, authFailed: false };
  }
  if (has(timeoutCodes)) {
    return {
      message: `Could not reach ${where} (connection timed out after ${seconds} s)`,
      retryable: true,
      authFailed: false,
    };
  }
  if (err.tlsFailed || codes.includes('EPROTO') || codes.includes('ERR_SSL_WRONG_VERSION_NUMBER')) {
    return {
      message: `Could not start a secure connection with ${where}; check the security setting (TLS or STARTTLS)`,
      retryable: false,
      authFailed: false,
    };
  }
  if (
    codes.some((c) =>
      ['ECONNRESET', 'EPIPE', 'EConnectionClosed', 'NoConnection', 'ClosedAfterConnectText'].includes(c),
    )
  ) {
    return {
      message: `The connection to ${where} was closed unexpectedly`,
      retryable: true,
      authFailed: false,
    };
  }
  const detail = (err.responseText || err.message || String(error)).slice(0, 300);
  return { message: `Sync failed: ${detail}`, retryable: true, authFailed: false };
}
