import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../api';
import { buildKpis } from './kpi-cards';

const summary: DashboardSummary = {
  newLeads: { last30Days: 3, thisMonth: 2 },
  leadConversion: { converted: 1, total: 3, rate: 0.3333 },
  openPipeline: {
    count: 2,
    totalValue: 50000,
    byStage: [
      { stage: 'Research', count: 1, totalValue: 40000 },
      { stage: 'Contact', count: 1, totalValue: 10000 },
    ],
  },
  dealsWonThisMonth: { count: 1, totalValue: 19000 },
  expectedFees: 12500.5,
  overdueTasks: 2,
};

describe('buildKpis', () => {
  it('formats the six figures in the user currency', () => {
    const kpis = buildKpis(summary, 'USD', true);
    expect(kpis.map((kpi) => [kpi.id, kpi.value])).toEqual([
      ['new-leads', '3'],
      ['conversion-rate', '33.3%'],
      ['open-pipeline', '$50,000'],
      ['deals-won', '1'],
      ['expected-fees', '$12,501'],
      ['overdue-tasks', '2'],
    ]);
    expect(kpis.find((kpi) => kpi.id === 'overdue-tasks')?.alert).toBe(true);
    expect(kpis.find((kpi) => kpi.id === 'conversion-rate')?.detail).toBe('1 of 3 leads · 90 days');
  });

  it('uses the user currency and shows the average deal outside surplus funds', () => {
    const kpis = buildKpis(summary, 'EUR', false);
    expect(kpis.find((kpi) => kpi.id === 'open-pipeline')?.value).toBe('€50,000');
    expect(kpis.find((kpi) => kpi.id === 'average-deal')?.value).toBe('€25,000');
    expect(kpis.some((kpi) => kpi.id === 'expected-fees')).toBe(false);
  });

  it('does not flag overdue tasks when there are none', () => {
    const kpis = buildKpis({ ...summary, overdueTasks: 0 }, null, true);
    const overdue = kpis.find((kpi) => kpi.id === 'overdue-tasks');
    expect(overdue?.alert).toBe(false);
    expect(overdue?.detail).toBe('You are all caught up');
  });
});
