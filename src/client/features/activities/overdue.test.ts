import { describe, expect, it } from 'vitest';
import { isOverdue } from './overdue';

const now = new Date('2025-06-15T12:00:00Z');

describe('overdue activities', () => {
  it('are pending with a due date in the past', () => {
    expect(isOverdue({ status: 'pending', dueDate: '2025-06-14T23:59:59Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'pending', dueDate: new Date('2025-06-15T11:59:59Z') }, now)).toBe(true);
  });

  it('are not when completed, not yet due, or without a due date', () => {
    expect(isOverdue({ status: 'completed', dueDate: '2025-06-01T00:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: '2025-06-15T12:00:01Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: '2025-06-15T12:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: null }, now)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: 'not a date' }, now)).toBe(false);
  });
});
