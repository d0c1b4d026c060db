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

describe('security section', () => {
  it('is a section, shown only to those who may manage settings (the audit log API needs it)', () => {
    expect(resolveSettingsSection('security')).toBe('security');
    const security = settingsLinks.find((link) => link.id === 'security');
    expect(security?.href).toBe('/settings/security');
    expect(security?.visible?.({ permissions: { settings: { manage: true } } })).toBe(true);
    expect(security?.visible?.({ permissions: { settings: { view: true, update: true } } })).toBe(false);
  });
});

describe('list, custom field and state rule sections', () => {
  it('recognises the list sections', () => {
    for (const id of ['pipelines', 'deal-reasons', 'lead-sources', 'tags', 'state-rules', 'custom-fields']) {
      expect(resolveSettingsSection(id)).toBe(id);
    }
  });

  it('shows State rules to surplus-funds organizations only', () => {
    const stateRules = settingsLinks.find((link) => link.id === 'state-rules');
    expect(stateRules?.visible?.({ organizationIndustry: 'Surplus Funds Locator' })).toBe(true);
    expect(stateRules?.visible?.({ organizationIndustry: null, industrySector: null })).toBe(true);
    expect(stateRules?.visible?.({ organizationIndustry: 'Wholesaler' })).toBe(false);
  });
});

describe('objects section', () => {
  it('is a section, shown only to those who may manage settings (defining objects needs it)', () => {
    expect(resolveSettingsSection('objects')).toBe('objects');
    const objects = settingsLinks.find((link) => link.id === 'objects');
    expect(objects?.href).toBe('/settings/objects');
    expect(objects?.visible?.({ permissions: { settings: { manage: true } } })).toBe(true);
    expect(objects?.visible?.({ permissions: { settings: { view: true, update: true } } })).toBe(false);
  });
});
