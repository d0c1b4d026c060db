/**
 * One user's connection to the server, as the browser makes it: the session cookie, and on
 * writes the JSON content type and a same-origin Origin (the CSRF check). An API-key client
 * sends its key instead and no Origin.
 */
export class SoakClient {
  private cookie: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly bearer?: string,
  ) {}

  /** Requests sent and answers that were not 2xx, by "METHOD route status". */
  static sent = 0;
  static failures = new Map<string, { count: number; example: string }>();
  /** Time spent waiting for answers, by "METHOD route": where the day's time went. */
  static timings = new Map<string, { count: number; ms: number }>();

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: { raw?: Uint8Array<ArrayBuffer>; contentType?: string; route?: string } = {},
  ): Promise<{ status: number; json: unknown; bytes: number }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    let payload: BodyInit | undefined;
    if (options.raw) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
      payload = options.raw;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (method !== 'GET' && !this.bearer) headers.origin = this.baseUrl;
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    SoakClient.sent++;
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('locus_sid='));
    if (cookie) this.cookie = cookie.split(';')[0];
    const buffer = Buffer.from(await response.arrayBuffer());
    const timingKey = `${method} ${options.route ?? path.split('?')[0]}`;
    const timing = SoakClient.timings.get(timingKey) ?? { count: 0, ms: 0 };
    timing.count++;
    timing.ms += performance.now() - started;
    SoakClient.timings.set(timingKey, timing);
    const type = response.headers.get('content-type') ?? '';
    const json = type.includes('application/json') ? JSON.parse(buffer.toString('utf8')) : undefined;
    if (response.status >= 400) {
      const key = `${method} ${options.route ?? path} ${response.status}`;
      const entry = SoakClient.failures.get(key) ?? {
        count: 0,
        example: buffer.toString('utf8').slice(0, 200),
      };
      entry.count++;
      SoakClient.failures.set(key, entry);
    }
    return { status: response.status, json, bytes: buffer.length };
  }

  /** A request that must succeed (set-up steps): throws on anything but 2xx. */
  async must<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request(method, path, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json as T;
  }
}
