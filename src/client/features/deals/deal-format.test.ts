import { describe, expect, it } from 'vitest';
import {
  chooseDealsView,
  deadlineCountdown,
  documentStatusLabel,
  formatCompactMoney,
  formatDate,
  formatMoney,
  kanbanThemeOf,
} from './deal-format';

describe('deal display helpers', () => {
  it('formats money', () => {
    expect(formatMoney(12500)).toBe('$12,500');
    expect(formatMoney(12500.5)).toBe('$12,500.50');
    expect(formatMoney(null)).toBe('—');
    expect(formatCompactMoney(999_999)).toBe('$999,999');
    expect(formatCompactMoney(1_250_000)).toBe('$1.3M');
  });

  it('counts down to the claim deadline', () => {
    expect(deadlineCountdown('2026-03-24', '2026-03-01')).toEqual({
      days: 23,
      label: '23 days left',
      tone: 'soon',
    });
    expect(deadlineCountdown('2026-06-01', '2026-03-01')?.tone).toBe('ok');
    expect(deadlineCountdown('2026-03-02', '2026-03-01')).toEqual({
      days: 1,
      label: '1 day left',
      tone: 'urgent',
    });
    expect(deadlineCountdown('2026-03-01', '2026-03-01')?.label).toBe('Due today');
    expect(deadlineCountdown('2026-02-01', '2026-03-01')).toEqual({
      days: -28,
      label: 'Deadline passed',
      tone: 'passed',
    });
    expect(deadlineCountdown(null)).toBeNull();
    expect(deadlineCountdown('soon')).toBeNull();
  });

  it('formats calendar dates without shifting them', () => {
    expect(formatDate('2026-03-04')).toBe('Mar 4, 2026');
    expect(formatDate(null)).toBe('—');
  });

  it('starts Surplus Funds Locator organizations on the board, remembers the choice, and follows ?view=', () => {
    expect(chooseDealsView(null, null, 'Surplus Funds Locator')).toBe('board');
    expect(chooseDealsView(null, null, null)).toBe('board');
    expect(chooseDealsView(null, null, 'Small Business')).toBe('list');
    expect(chooseDealsView(null, 'list', 'Surplus Funds Locator')).toBe('list');
    expect(chooseDealsView(null, 'board', 'Wholesaler')).toBe('board');
    expect(chooseDealsView(null, 'grid', 'Wholesaler')).toBe('list');
    // A filtered or searched address (a link, a bookmark) is the list's, whatever was remembered.
    expect(chooseDealsView(null, 'board', 'Surplus Funds Locator', true)).toBe('list');
    expect(chooseDealsView('board', 'list', 'Surplus Funds Locator', true)).toBe('board');
    // The address wins over the remembered choice; an unknown view there is ignored.
    expect(chooseDealsView('list', 'board', 'Surplus Funds Locator')).toBe('list');
    expect(chooseDealsView('board', 'list', 'Wholesaler')).toBe('board');
    expect(chooseDealsView('table', 'list', 'Surplus Funds Locator')).toBe('list');
    // A saved view of the deals list opens the list.
    expect(chooseDealsView('0b5f4f8e-7c1a-4c47-9a55-2d0c8d6e1a11', 'board', 'Surplus Funds Locator')).toBe(
      'list',
    );
  });

  it('reads the kanban theme', () => {
    expect(kanbanThemeOf('colorful')).toBe('colorful');
    expect(kanbanThemeOf('minimal')).toBe('minimal');
    expect(kanbanThemeOf(null)).toBe('professional');
    expect(kanbanThemeOf('neon')).toBe('professional');
  });

  it('reads document statuses as words', () => {
    expect(documentStatusLabel('locked_for_signing')).toBe('Locked for signing');
    expect(documentStatusLabel('sent')).toBe('Sent');
  });
});
