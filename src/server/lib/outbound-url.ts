import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Requests to addresses a customer typed in (webhook URLs, scheduled-import feeds). The server
 * sits inside someone's network, so a URL must not reach loopback, private, link-local (cloud
 * metadata at 169.254.169.254), unique-local or multicast addresses unless the operator allows it
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS). The name is resolved once and the socket connects to the very
 * address that was checked, so a DNS answer that changes between check and connect (rebinding)
 * cannot slip through. Redirects are never followed: a 3xx is handed back as it came.
 */
export interface OutboundOptions {
  /** Let loopback/private/link-local targets through (tests, on-premise installs). */
  allowPrivate: boolean;
  /** The whole exchange (resolve, connect, answer, body) must end within this. */
  timeoutMs: number;
  /** At most this many body bytes are read; the rest is dropped and the connection closed. */
  maxBytes: number;
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first `maxBytes` bytes of the body. */
  body: Buffer;
  /** Whether the body was longer than `maxBytes`. */
  truncated: boolean;
  /** The address connected to. */
  address: string;
}

export type OutboundErrorCode = 'invalid_url' | 'blocked_address' | 'dns' | 'timeout' | 'network';

/** A request that did not get an answer; `message` is fit to show the user. */
export class OutboundRequestError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRequestError';
  }
}

// Ranges no customer URL may reach by default (RFC 6890 special-purpose registries, trimmed to
// what matters: anything not routable on the public internet).
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches localhost on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local (incl. fd00:ec2::254 metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
const parseGroups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return undefined;
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const isNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  const isCompat = groups.slice(0, 6).every((g) => g === 0) && (groups[6] !== 0 || groups[7] > 1);
  if (isMapped || isNat64 || isCompat) return toV4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return toV4(groups[1], groups[2]);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  const [head, tail = ''] = address.split('::');
  const front = parseGroups(head);
  const back = address.includes('::') ? parseGroups(tail) : [];
  if (front.some(Number.isNaN) || back.some(Number.isNaN)) return undefined;
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (!address.includes('::') && missing !== 0)) return undefined;
  return [...front, ...Array<number>(missing).fill(0), ...back];
}

/** Whether an IP address is one a customer URL must not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  // Not an address at all: refuse rather than guess.
  return true;
}

/** Parses and checks the URL's form (http/https, a host, no credentials). */
export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRequestError('invalid_url', 'Must be a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRequestError('invalid_url', 'Only http and https URLs are allowed');
  }
  if (!url.hostname) throw new OutboundRequestError('invalid_url', 'Must be a valid URL');
  return url;
}

/**
 * Resolves the URL's host once and picks the address to connect to: the first one, after
 * checking every answer (a name with one private answer among public ones is refused, since
 * which one a client picks is not ours to predict).
 */
export async function resolveOutboundAddress(
  url: URL,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: { address: string; family: number }[];
  if (isIP(host)) {
    answers = [{ address: host, family: isIP(host) }];
  } else {
    try {
      answers = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutboundRequestError('dns', `Could not resolve ${host}`);
    }
    if (answers.length === 0) throw new OutboundRequestError('dns', `Could not resolve ${host}`);
  }
  if (!allowPrivate) {
    const refused = answers.find((answer) => isPrivateAddress(answer.address));
    if (refused) {
      throw new OutboundRequestError(
        'blocked_address',
        `Refused to connect to ${host}: ${refused.address} is a private, loopback or link-local address`,
      );
    }
  }
  const [first] = answers;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

// Kept-alive connections: a burst of deliveries to one receiver reuses its sockets. A pooled
// socket was opened to an address checked when it was opened.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });

/** Sends one request to a customer URL under the rules above; never follows a redirect. */
export async function fetchOutbound(
  rawUrl: string,
  init: OutboundInit,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  const url = parseOutboundUrl(rawUrl);
  const started = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  const timeoutError = () =>
    new OutboundRequestError('timeout', `No answer within ${Math.round(options.timeoutMs / 1000)} s`);
  try {
    const target = await Promise.race([
      resolveOutboundAddress(url, options.allowPrivate),
      new Promise<never>((_, reject) =>
        deadline.signal.addEventListener('abort', () => reject(timeoutError()), { once: true }),
      ),
    ]);
    // The socket connects to the checked address whatever a second lookup would say.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: target.address, family: target.family },
        ]);
      } else callback(null, target.address, target.family);
    };
    const secure = url.protocol === 'https:';
    const remaining = Math.max(1, options.timeoutMs - (Date.now() - started));
    return await new Promise<OutboundResponse>((resolve, reject) => {
      // A receiver that trickles its answer forever still ends at the deadline.
      deadline.signal.addEventListener('abort', () => reject(timeoutError()), { once: true });
      const request = (secure ? https : http).request(
        url,
        {
          method: init.method ?? 'GET',
          headers: init.headers,
          agent: secure ? httpsAgent : httpAgent,
          lookup: pinned,
          signal: deadline.signal,
          timeout: remaining,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let truncated = false;
          const finish = () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              truncated,
              address: target.address,
            });
          response.on('data', (chunk: Buffer) => {
            if (truncated) return;
            const room = options.maxBytes - size;
            if (chunk.length > room) {
              if (room > 0) chunks.push(chunk.subarray(0, room));
              size = options.maxBytes;
              truncated = true;
              // Stop reading a huge answer: close this connection instead of draining it.
              finish();
              response.destroy();
              return;
            }
            chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', finish);
          response.on('error', (error) => {
            if (truncated) return;
            reject(deadline.signal.aborted ? timeoutError() : networkError(error));
          });
        },
      );
      request.on('timeout', () => request.destroy(timeoutError()));
      request.on('error', (error) => {
        if (error instanceof OutboundRequestError) reject(error);
        else reject(deadline.signal.aborted ? timeoutError() : networkError(error));
      });
      request.end(init.body);
    });
  } finally {
    clearTimeout(timer);
  }
}

function networkError(error: Error): OutboundRequestError {
  const code = (error as NodeJS.ErrnoException).code;
  return new OutboundRequestError('network', code ? `${error.message} (${code})` : error.message);
}
