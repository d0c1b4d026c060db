import type { DemoRequestInput, EarlyAccessInput } from '../../../common/validation/public-submissions';
import { apiRequest } from '../../lib/api';

// Plain calls rather than query hooks: the public site runs without the data layer's provider.

export interface EarlyAccessAnswer {
  success: boolean;
  id?: string;
  /** The address was already on the list. */
  alreadyRegistered?: boolean;
}

/** POST /api/early-access {email, name, company?, persona}. */
export async function joinEarlyAccess(input: EarlyAccessInput): Promise<EarlyAccessAnswer> {
  return (await (await apiRequest('POST', '/api/early-access', input)).json()) as EarlyAccessAnswer;
}

/** POST /api/demo-request {email, name, company, persona, message?, phoneNumber?, preferredTime?}. */
export async function requestDemo(input: DemoRequestInput): Promise<void> {
  await apiRequest('POST', '/api/demo-request', input);
}
