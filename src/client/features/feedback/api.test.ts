import { describe, expect, it } from 'vitest';
import { feedbackSchema } from '../../../common/validation/feedback';
import { buildFeedback, canSendFeedback } from './api';

describe('canSendFeedback', () => {
  it('needs a message that is not only whitespace', () => {
    expect(canSendFeedback('')).toBe(false);
    expect(canSendFeedback('  \n\t ')).toBe(false);
    expect(canSendFeedback(' great ')).toBe(true);
  });
});

describe('buildFeedback', () => {
  it('builds the record of spec §3, accepted by the shared schema', () => {
    const record = buildFeedback('  Love the pipeline  ', {
      page: '/deals',
      userAgent: 'Test/1.0',
      now: new Date('2025-01-02T03:04:05.000Z'),
    });
    expect(record).toEqual({
      type: 'general',
      message: 'Love the pipeline',
      page: '/deals',
      userAgent: 'Test/1.0',
      timestamp: '2025-01-02T03:04:05.000Z',
    });
    expect(feedbackSchema.safeParse(record).success).toBe(true);
  });
});
