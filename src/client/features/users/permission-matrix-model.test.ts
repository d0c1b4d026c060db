import { describe, expect, it } from 'vitest';
import { resolvePermissions } from '../../../common/permissions';
import {
  cellState,
  cleanOverrides,
  countOverrides,
  isApplicable,
  matrixActions,
  setOverride,
  toggleCell,
} from './permission-matrix-model';

const userBase = resolvePermissions('user');

describe('permission matrix columns', () => {
  it('has one column per action of the model', () => {
    expect(matrixActions).toEqual([
      'read',
      'create',
      'update',
      'delete',
      'view',
      'edit',
      'manage_permissions',
      'manage',
    ]);
  });

  it('knows which actions a category has', () => {
    expect(isApplicable('leads', 'read')).toBe(true);
    expect(isApplicable('leads', 'manage')).toBe(false);
    expect(isApplicable('settings', 'view')).toBe(true);
    expect(isApplicable('users', 'manage_permissions')).toBe(true);
  });
});

describe('a user matrix (effective values)', () => {
  it('shows the inherited value where there is no override', () => {
    expect(cellState({}, userBase, 'leads', 'read')).toEqual({
      checked: true,
      overridden: false,
      inherited: true,
    });
    expect(cellState({}, userBase, 'leads', 'delete')).toEqual({
      checked: false,
      overridden: false,
      inherited: false,
    });
  });

  it('shows an override over the inherited value', () => {
    const overrides = { leads: { read: false } };
    expect(cellState(overrides, userBase, 'leads', 'read')).toEqual({
      checked: false,
      overridden: true,
      inherited: true,
    });
  });

  it('flips the effective value and drops an override that matches the inherited value', () => {
    const denied = toggleCell({}, userBase, 'leads', 'read');
    // Create and Update go with Read (a user holds no Delete of leads).
    expect(denied).toEqual({ leads: { read: false, create: false, update: false } });
    expect(toggleCell(denied, userBase, 'leads', 'read')).toEqual({
      leads: { create: false, update: false },
    });
    expect(toggleCell({ leads: { read: false } }, userBase, 'leads', 'read')).toEqual({});
    expect(toggleCell({}, userBase, 'leads', 'delete')).toEqual({ leads: { delete: true } });
  });
});

describe('a team matrix (no base)', () => {
  it('cycles role default, allowed, denied', () => {
    expect(cellState({}, null, 'deals', 'read').checked).toBe('indeterminate');
    const allowed = toggleCell({}, null, 'deals', 'read');
    expect(allowed).toEqual({ deals: { read: true } });
    const denied = toggleCell(allowed, null, 'deals', 'read');
    expect(denied).toEqual({ deals: { read: false, create: false, update: false, delete: false } });
    expect(toggleCell({ deals: { read: false } }, null, 'deals', 'read')).toEqual({});
  });
});

describe('override helpers', () => {
  it('sets and removes overrides without touching the input', () => {
    const input = { leads: { read: true } };
    const next = setOverride(input, 'leads', 'create', false);
    expect(next).toEqual({ leads: { read: true, create: false } });
    expect(input).toEqual({ leads: { read: true } });
    expect(setOverride(input, 'leads', 'read', undefined)).toEqual({});
  });

  it('keeps only known categories and boolean actions, and counts them', () => {
    const raw = {
      leads: { read: true, fly: true },
      unknown: { read: true },
      deals: { read: 'yes' },
    } as never;
    expect(cleanOverrides(raw)).toEqual({ leads: { read: true } });
    expect(countOverrides(raw)).toBe(1);
    expect(countOverrides(null)).toBe(0);
  });
});

describe('Read and the actions that need it', () => {
  it('unticking Read unticks Create, Update and Delete of a user; ticking one ticks Read again', () => {
    const managerBase = resolvePermissions('manager');
    const noRead = toggleCell({}, managerBase, 'deals', 'read');
    expect(noRead).toEqual({ deals: { read: false, create: false, update: false, delete: false } });
    for (const action of ['read', 'create', 'update', 'delete']) {
      expect(cellState(noRead, managerBase, 'deals', action).checked).toBe(false);
    }
    expect(toggleCell(noRead, managerBase, 'deals', 'update')).toEqual({
      deals: { create: false, delete: false },
    });
  });

  it('a team: unticking Read denies the others explicitly', () => {
    const allowed = toggleCell({}, null, 'clients', 'read');
    expect(allowed).toEqual({ clients: { read: true } });
    const denied = toggleCell(allowed, null, 'clients', 'read');
    expect(denied).toEqual({ clients: { read: false, create: false, update: false, delete: false } });
    expect(toggleCell({}, null, 'clients', 'delete')).toEqual({ clients: { delete: true, read: true } });
  });

  it('categories without Read are left as they are', () => {
    expect(toggleCell({}, userBase, 'settings', 'view')).toEqual({ settings: { view: false } });
  });
});
