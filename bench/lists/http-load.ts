import autocannon from 'autocannon';

export interface HttpLoad {
  url: string;
  cookie: string;
  connections: number;
  seconds: number;
}

/**
 * Drives one URL with autocannon for `seconds` over `connections` keep-alive connections (no
 * pipelining: a browser waits for each answer); answers each response's latency in ms
 * (autocannon's summary has no p95). Any non-2xx answer fails the run: a benchmark of error
 * pages would flatter the API.
 */
export function loadUrl({ url, cookie, connections, seconds }: HttpLoad): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const samples: number[] = [];
    let failures = 0;
    const instance = autocannon({ url, connections, pipelining: 1, duration: seconds, headers: { cookie } });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
      else failures++;
    });
    instance.on('done', (result) => {
      if (failures > 0 || result.errors > 0 || result.timeouts > 0) {
        reject(
          new Error(
            `${url}: ${failures} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
          ),
        );
      } else resolve(samples);
    });
  });
}
