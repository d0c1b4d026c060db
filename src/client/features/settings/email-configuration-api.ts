import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SendTestEmailInput,
  UpdateOrganizationEmailSettingsInput,
} from '../../../common/validation/email';
import { apiRequest } from '../../lib/api';

/** GET /api/organization-email-settings: the organization's outgoing server (never its password). */
export interface OrganizationEmailSettings {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecurity: 'tls' | 'starttls' | 'none';
  smtpUsername: string | null;
  hasSmtpPassword: boolean;
  trackingEnabled: boolean;
  createLeadsFromUnknownSenders: boolean;
  usingPlatformServer: boolean;
  platformServerConfigured: boolean;
}

/** One outgoing message's job in GET /api/outbox. */
export interface OutgoingMail {
  id: string;
  kind: string;
  status: 'pending' | 'waiting' | 'processing' | 'done' | 'failed';
  attempts: number;
  runAt: string;
  lastError: string | null;
  to: string[];
  subject: string | null;
  purpose: string | null;
  emailId: string | null;
  createdAt: string;
}

export const emailSettingsQueryKey = ['/api/organization-email-settings'] as const;
export const outboxQueryKey = ['/api/outbox'] as const;

export function useOrganizationEmailSettings() {
  return useQuery<OrganizationEmailSettings>({ queryKey: emailSettingsQueryKey });
}

export function useUpdateOrganizationEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateOrganizationEmailSettingsInput) =>
      (await (
        await apiRequest('PUT', '/api/organization-email-settings', input)
      ).json()) as OrganizationEmailSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(emailSettingsQueryKey, settings);
      // Saving a server releases waiting mail: the list changes.
      void queryClient.invalidateQueries({ queryKey: outboxQueryKey });
    },
  });
}

export function useSendTestEmail() {
  return useMutation({
    mutationFn: async (input: SendTestEmailInput) =>
      (await (await apiRequest('POST', '/api/organization-email-settings/test', input)).json()) as {
        ok: true;
        message: string;
      },
  });
}

export function useRetryOutgoingMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('POST', `/api/outbox/${id}/retry`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
