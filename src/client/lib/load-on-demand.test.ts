import { describe, expect, it } from 'vitest';
import { loadOnDemand } from './load-on-demand';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadOnDemand', () => {
  it('loads once, however often it is asked, and holds the value after', async () => {
    let calls = 0;
    const module = loadOnDemand(async () => {
      calls += 1;
      return 'loaded';
    });
    expect(module.current()).toBeUndefined();
    expect(calls).toBe(0);
    module.request();
    module.request();
    await settle();
    module.request();
    expect(calls).toBe(1);
    expect(module.current()).toBe('loaded');
  });

  it('tries again on the next request after a failed load', async () => {
    let calls = 0;
    const module = loadOnDemand(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 42;
    });
    module.request();
    await settle();
    expect(module.current()).toBeUndefined();
    module.request();
    await settle();
    expect(calls).toBe(2);
    expect(module.current()).toBe(42);
  });
});
