import { useMutation } from '@tanstack/react-query';
import type { DemoRequestInput, EarlyAccessInput } from '../../../common/validation/public-submissions';
import { apiRequest } from '../../lib/api';

export interface EarlyAccessAnswer {
  success: boolean;
  id?: string;
  /** The address was already on the list. */
  alreadyRegistered?: boolean;
}

/** POST /api/early-access {email, name, company?, persona}. */
export function useJoinEarlyAccess() {
  return useMutation({
    mutationFn: async (input: EarlyAccessInput) =>
      (await (await apiRequest('POST', '/api/early-access', input)).json()) as EarlyAccessAnswer,
  });
}

/** POST /api/demo-request {email, name, company, persona, message?, phoneNumber?, preferredTime?}. */
export function useRequestDemo() {
  return useMutation({
    mutationFn: async (input: DemoRequestInput) => {
      await apiRequest('POST', '/api/demo-request', input);
    },
  });
}
