import { describe, expect, it } from 'vitest';
import { resolveSettingsSection, settingsLinks } from './sections';

describe('settings sections', () => {
  it('opens Profile by default and recognises each section', () => {
    expect(resolveSettingsSection(undefined)).toBe('profile');
    expect(resolveSettingsSection('organization')).toBe('organization');
    expect(resolveSettingsSection('custom-fields')).toBe('custom-fields');
    expect(resolveSettingsSection('nope')).toBeNull();
  });

  it('links Users only for users who may read users', () => {
    const users = settingsLinks.find((link) => link.id === 'users');
    expect(users?.href).toBe('/users');
    expect(users?.visible?.({ permissions: { users: { read: true } } })).toBe(true);
    expect(users?.visible?.({ permissions: {} })).toBe(false);
  });
});
