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
    expect(denied).toEqual({ leads: { read: false } });
    expect(toggleCell(denied, userBase, 'leads', 'read')).toEqual({});
    expect(toggleCell({}, userBase, 'leads', 'delete')).toEqual({ leads: { delete: true } });
  });
});

describe('a team matrix (no base)', () => {
  it('cycles role default, allowed, denied', () => {
    expect(cellState({}, null, 'deals', 'read').checked).toBe('indeterminate');
    const allowed = toggleCell({}, null, 'deals', 'read');
    expect(allowed).toEqual({ deals: { read: true } });
    const denied = toggleCell(allowed, null, 'deals', 'read');
    expect(denied).toEqual({ deals: { read: false } });
    expect(toggleCell(denied, null, 'deals', 'read')).toEqual({});
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
