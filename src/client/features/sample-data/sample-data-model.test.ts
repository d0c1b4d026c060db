import { describe, expect, it } from 'vitest';
import {
  describeSampleCounts,
  isChangedByClearing,
  noSampleData,
  sampleRecordTotal,
} from './sample-data-model';

describe('describeSampleCounts', () => {
  it('names each entity with its count, singular for one, and joins the last with "and"', () => {
    expect(describeSampleCounts({ leads: 8, clients: 4, companies: 3, deals: 5 })).toBe(
      '8 leads, 4 clients, 3 companies and 5 deals',
    );
    expect(describeSampleCounts({ leads: 1, clients: 0, companies: 1, deals: 0 })).toBe(
      '1 lead and 1 company',
    );
    expect(describeSampleCounts({ leads: 0, clients: 1, companies: 0, deals: 0 })).toBe('1 client');
    expect(describeSampleCounts(noSampleData)).toBe('no records');
  });

  it('totals the records', () => {
    expect(sampleRecordTotal({ leads: 8, clients: 4, companies: 3, deals: 5 })).toBe(20);
    expect(sampleRecordTotal(noSampleData)).toBe(0);
  });
});

describe('isChangedByClearing', () => {
  it('matches the record, activity, task, dashboard, board and search reads', () => {
    for (const key of [
      ['/api/leads'],
      ['/api/leads', { leadStatus: 'New' }],
      ['/api/leads/5b1c'],
      ['/api/deals/5b1c/surplus'],
      ['/api/lead-activities', { leadId: 'x' }],
      ['/api/tasks/mine'],
      ['/api/dashboard/summary'],
      ['/api/pipelines/5b1c/board'],
      ['/api/search', { q: 'ann' }],
    ]) {
      expect(isChangedByClearing(key), JSON.stringify(key)).toBe(true);
    }
  });

  it('leaves settings, users and the session alone', () => {
    for (const key of [['/api/user'], ['/api/organization'], ['/api/tags'], ['/api/leadsources'], [42], []]) {
      expect(isChangedByClearing(key), JSON.stringify(key)).toBe(false);
    }
  });
});
