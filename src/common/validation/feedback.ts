import { z } from 'zod';
import { dateField, maxLength, optionalLine, optionalLongText, requiredText } from './common';
import { feedbackTypes } from '../allowed-values';

/**
 * POST /api/feedback (product spec §3, §5). Only the message is a rule; page, user agent and
 * timestamp are context the dialog adds, so the server may fill them when absent.
 */
export const feedbackSchema = z.object({
  type: z.enum(feedbackTypes, { error: 'Invalid feedback type' }).default('general'),
  message: requiredText('Message is required', maxLength.text),
  page: optionalLine('Page', maxLength.url),
  userAgent: optionalLongText('User agent', 1000),
  timestamp: dateField('Timestamp').optional(),
});

export type FeedbackInput = z.infer<typeof feedbackSchema>;
