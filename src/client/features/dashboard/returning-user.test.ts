import { describe, expect, it } from 'vitest';
import { isReturningUser, welcomeTitle } from './returning-user';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('new or returning user', () => {
  it('is new for the whole first visit and returning on a later one', () => {
    const local = memoryStorage();
    const firstTab = memoryStorage();
    expect(isReturningUser('u1', local, firstTab)).toBe(false);
    // A reload in the same visit keeps the first greeting.
    expect(isReturningUser('u1', local, firstTab)).toBe(false);
    expect(isReturningUser('u1', local, memoryStorage())).toBe(true);
  });

  it('tells users apart in the same browser', () => {
    const local = memoryStorage();
    expect(isReturningUser('u1', local, memoryStorage())).toBe(false);
    expect(isReturningUser('u2', local, memoryStorage())).toBe(false);
    expect(isReturningUser('u1', local, memoryStorage())).toBe(true);
  });

  it('treats everyone as new when the browser keeps nothing', () => {
    expect(isReturningUser('u1', null, null)).toBe(false);
  });

  it('greets by first name', () => {
    expect(welcomeTitle('Maria', false)).toBe('Welcome, Maria');
    expect(welcomeTitle('Maria', true)).toBe('Welcome back, Maria');
  });
});
