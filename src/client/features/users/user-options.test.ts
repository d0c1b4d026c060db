import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword, roleLabel } from './user-options';

describe('generateTemporaryPassword', () => {
  it('makes passwords long enough for the password rule, without look-alike characters', () => {
    for (let i = 0; i < 50; i++) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(12);
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
    }
  });

  it('differs between calls', () => {
    expect(generateTemporaryPassword()).not.toBe(generateTemporaryPassword());
  });
});

describe('roleLabel', () => {
  it('names each role', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('manager')).toBe('Manager');
    expect(roleLabel('user')).toBe('User');
  });
});
