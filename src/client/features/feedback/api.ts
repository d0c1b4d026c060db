import { useMutation } from '@tanstack/react-query';
import type { FeedbackInput } from '../../../common/validation/feedback';
import { apiRequest } from '../../lib/api';

/** The record the dialog sends (spec §3): the message with the page, browser and time it was written. */
export function buildFeedback(
  message: string,
  context: { page: string; userAgent: string; now: Date },
): Required<Pick<FeedbackInput, 'type' | 'message'>> & {
  page: string;
  userAgent: string;
  timestamp: string;
} {
  return {
    type: 'general',
    message: message.trim(),
    page: context.page,
    userAgent: context.userAgent,
    timestamp: context.now.toISOString(),
  };
}

/** Spec §5: Send does nothing for an empty or whitespace-only message. */
export function canSendFeedback(message: string): boolean {
  return message.trim().length > 0;
}

/** Spec §7: the dialog reports success after a second, however quickly the server answers. */
export const feedbackSendMs = 1000;

/** POST /api/feedback (DESIGN §3), answered no sooner than `feedbackSendMs`. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: async (message: string) => {
      const request = apiRequest(
        'POST',
        '/api/feedback',
        buildFeedback(message, {
          page: window.location.pathname,
          userAgent: navigator.userAgent,
          now: new Date(),
        }),
      );
      await Promise.all([request, new Promise((resolve) => setTimeout(resolve, feedbackSendMs))]);
    },
  });
}
