import { describe, expect, it } from 'vitest';
import {
  forgetInPersonToken,
  inPersonKey,
  readInPersonToken,
  recipientsWhoseTurnItIs,
  storeInPersonToken,
} from './in-person-tokens';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('in-person tokens in this tab', () => {
  it('keeps a token per recipient until it expires, under locus.inPerson.<recipientId>', () => {
    const storage = memoryStorage();
    const token = { token: 'raw-token', expiresAt: '2026-11-28T00:30:00Z' };
    storeInPersonToken(storage, 'r1', token);
    expect(inPersonKey('r1')).toBe('locus.inPerson.r1');
    expect(readInPersonToken(storage, 'r1', Date.parse('2026-11-28T00:00:00Z'))).toEqual(token);
    expect(readInPersonToken(storage, 'r2')).toBeNull();
    expect(readInPersonToken(storage, 'r1', Date.parse('2026-11-28T00:31:00Z'))).toBeNull();
    expect(storage.getItem('locus.inPerson.r1')).toBeNull();
  });

  it('forgets a token and ignores a damaged entry', () => {
    const storage = memoryStorage();
    storeInPersonToken(storage, 'r1', { token: 't', expiresAt: '2999-01-01T00:00:00Z' });
    forgetInPersonToken(storage, 'r1');
    expect(readInPersonToken(storage, 'r1')).toBeNull();
    storage.setItem('locus.inPerson.r2', '{not json');
    expect(readInPersonToken(storage, 'r2')).toBeNull();
  });

  it('offers acting recipients who were invited and have not finished', () => {
    const people = [
      { id: 'a', role: 'signer', status: 'sent' },
      { id: 'b', role: 'approver', status: 'viewed' },
      { id: 'c', role: 'signer', status: 'waiting' },
      { id: 'd', role: 'signer', status: 'signed' },
      { id: 'e', role: 'cc', status: 'sent' },
    ];
    expect(recipientsWhoseTurnItIs(people).map((person) => person.id)).toEqual(['a', 'b']);
  });
});
