import { useMutation } from '@tanstack/react-query';
import type { SupportSubmissionInput } from '../../../common/validation/support';
import { apiRequest } from '../../lib/api';

/** POST /api/support-submission (spec §7); the answer is read as JSON, its fields are not used. */
export function useSubmitSupportRequest() {
  return useMutation({
    mutationFn: async (input: SupportSubmissionInput) => {
      const res = await apiRequest('POST', '/api/support-submission', input);
      return (await res.json()) as unknown;
    },
  });
}
