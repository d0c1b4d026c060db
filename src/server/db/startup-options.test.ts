import { describe, expect, it } from 'vitest';
import { withStartupOptions } from './startup-options';

const ours = '-c plan_cache_mode=force_custom_plan';

describe('withStartupOptions', () => {
  it('adds ours to a URL without options and leaves the URL as written', () => {
    const url = 'postgres://app:p%40ss@db.internal:6432/locus?sslmode=require';
    expect(withStartupOptions(url, ours)).toEqual({ connectionString: url, options: ours });
  });

  it("moves the URL's options before ours, so pg sends both and ours apply last", () => {
    const result = withStartupOptions(
      'postgres://app@localhost/locus?host=/var/run/postgresql&options=-c%20statement_timeout%3D5s',
      ours,
    );
    expect(result.options).toBe(`-c statement_timeout=5s ${ours}`);
    const url = new URL(result.connectionString);
    expect(url.searchParams.has('options')).toBe(false);
    expect(url.searchParams.get('host')).toBe('/var/run/postgresql');
    expect(url.pathname).toBe('/locus');
  });

  it('passes a string that is not a URL through', () => {
    expect(withStartupOptions('/var/run/postgresql locus', ours)).toEqual({
      connectionString: '/var/run/postgresql locus',
      options: ours,
    });
  });
});
