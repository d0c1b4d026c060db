import { describe, expect, it } from 'vitest';
import {
  daysLeftLabel,
  deadlineUrgency,
  dueLabel,
  formatAxisCount,
  formatAxisMoney,
  formatKpiMoney,
  formatRate,
  hasData,
  monthLabel,
  resolveDashboardSection,
  sectionHref,
  weekLabel,
} from './dashboard-model';

describe('KPI formatting', () => {
  it('formats money in the user currency, compact from a million', () => {
    expect(formatKpiMoney(125000)).toBe('$125,000');
    expect(formatKpiMoney(125000.4)).toBe('$125,000');
    expect(formatKpiMoney(12.5)).toBe('$12.50');
    expect(formatKpiMoney(0)).toBe('$0');
    expect(formatKpiMoney(1_250_000)).toBe('$1.25M');
    expect(formatKpiMoney(4200, { currency: 'EUR' })).toBe('€4,200');
    expect(formatKpiMoney(4200, { currency: 'GBP' })).toBe('£4,200');
    expect(formatKpiMoney(4200, { currency: 'nope' })).toBe('$4,200');
    expect(formatKpiMoney(4200, { currency: null })).toBe('$4,200');
  });

  it('formats axis ticks compactly', () => {
    expect(formatAxisMoney(0)).toBe('$0');
    expect(formatAxisMoney(25000)).toBe('$25K');
    expect(formatAxisMoney(1_200_000)).toBe('$1.2M');
    expect(formatAxisMoney(250_000)).toBe('$250K');
    expect(formatAxisCount(950)).toBe('950');
    expect(formatAxisCount(250_000)).toBe('250K');
  });

  it('formats the conversion rate as a percentage', () => {
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(0.3333)).toBe('33.3%');
    expect(formatRate(1)).toBe('100%');
  });

  it('labels chart periods', () => {
    expect(weekLabel('2026-03-02')).toBe('Mar 2');
    expect(monthLabel('2026-03')).toBe('Mar');
    expect(monthLabel('2026-03', { withYear: true })).toBe('Mar 2026');
  });

  it('knows when a series is all zeros', () => {
    expect(hasData([{ count: 0 }, { count: 0, totalValue: 0 }])).toBe(false);
    expect(hasData([{ count: 0 }, { count: 2 }])).toBe(true);
  });
});

/** 12:00 (or `h`) on a day of March 2026, local time. */
const at = (d: number, h = 12) => new Date(2026, 2, d, h).toISOString();

describe('deadlines and tasks', () => {
  it('colours deadlines by urgency', () => {
    expect(deadlineUrgency(0)).toBe('critical');
    expect(deadlineUrgency(7)).toBe('critical');
    expect(deadlineUrgency(10)).toBe('warning');
    expect(deadlineUrgency(14)).toBe('warning');
    expect(deadlineUrgency(15)).toBe('ok');
    expect(daysLeftLabel(0)).toBe('Today');
    expect(daysLeftLabel(1)).toBe('1 day');
    expect(daysLeftLabel(10)).toBe('10 days');
  });

  it('words due dates', () => {
    const now = new Date(2026, 2, 10, 9, 0);
    expect(dueLabel(at(7), { overdue: true, now })).toEqual({ text: 'Overdue by 3 days', tone: 'overdue' });
    expect(dueLabel(at(9), { overdue: true, now })).toEqual({ text: 'Overdue by 1 day', tone: 'overdue' });
    expect(dueLabel(at(10, 8), { overdue: true, now })).toEqual({ text: 'Overdue', tone: 'overdue' });
    expect(dueLabel(at(10, 17), { overdue: false, now })).toEqual({ text: 'Due today', tone: 'today' });
    expect(dueLabel(at(11), { overdue: false, now })).toEqual({ text: 'Due tomorrow', tone: 'upcoming' });
    expect(dueLabel(at(20), { overdue: false, now })).toEqual({ text: 'Due Mar 20', tone: 'upcoming' });
    expect(dueLabel(at(7), { overdue: false, done: true, now })).toEqual({
      text: 'Was due Mar 7',
      tone: 'none',
    });
    expect(dueLabel(null, { overdue: false, now })).toEqual({ text: 'No due date', tone: 'none' });
  });
});

describe('sections', () => {
  it('resolves /dashboard/:section', () => {
    expect(resolveDashboardSection(undefined)).toBe('overview');
    expect(resolveDashboardSection('tasks')).toBe('tasks');
    expect(resolveDashboardSection('nope')).toBeNull();
    expect(sectionHref('overview')).toBe('/dashboard');
    expect(sectionHref('deadlines')).toBe('/dashboard/deadlines');
  });
});
