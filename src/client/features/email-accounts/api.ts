import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateEmailAccountInput,
  TestEmailAccountInput,
  UpdateEmailAccountInput,
} from '../../../common/validation/email';
import { apiRequest, versionOf } from '../../lib/api';

export interface SyncJob {
  id: string;
  accountId: string;
  jobType: 'full_sync' | 'incremental_sync' | 'send_email';
  status: 'pending' | 'running' | 'completed' | 'failed';
  startedAt: string | null;
  completedAt: string | null;
  emailsProcessed: number;
  emailsTotal: number;
  errorMessage: string | null;
  createdAt: string;
}

/** GET /api/email-accounts item: never a password or token, only whether one is kept. */
export interface EmailAccount {
  id: string;
  provider: 'gmail' | 'outlook' | 'imap';
  authType: 'oauth' | 'password';
  email: string;
  displayName: string | null;
  imapHost: string | null;
  imapPort: number | null;
  imapSecurity: 'tls' | 'starttls' | 'none';
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecurity: 'tls' | 'starttls' | 'none';
  username: string | null;
  hasPassword: boolean;
  syncEnabled: boolean;
  folderWhitelist: string[];
  syncDirection: 'inbound' | 'outbound' | 'bidirectional';
  syncStatus: 'idle' | 'syncing' | 'error';
  lastSyncAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  messagesImported: number;
  latestSyncJob: SyncJob | null;
  createdAt: string;
  updatedAt: string;
}

export const emailAccountsQueryKey = ['/api/email-accounts'] as const;

/** Whether a sync job is still to finish. */
export const isActiveJob = (job: SyncJob | null | undefined) =>
  job?.status === 'pending' || job?.status === 'running';

/** The user's mailboxes; polled every 2 s while one of them syncs, so progress moves. */
export function useEmailAccounts() {
  return useQuery<{ items: EmailAccount[]; total: number }>({
    queryKey: emailAccountsQueryKey,
    refetchInterval: (query) =>
      query.state.data?.items.some((a) => isActiveJob(a.latestSyncJob) || a.syncStatus === 'syncing')
        ? 2000
        : false,
  });
}

export function useOAuthProviders() {
  return useQuery<{ gmail: boolean; outlook: boolean }>({
    queryKey: ['/api/email-accounts/oauth/providers'],
    staleTime: 5 * 60 * 1000,
  });
}

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: emailAccountsQueryKey });
}

export function useTestEmailAccount() {
  return useMutation({
    mutationFn: async (input: TestEmailAccountInput) =>
      (await (await apiRequest('POST', '/api/email-accounts/test', input)).json()) as { message: string },
  });
}

export function useCreateEmailAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async (input: CreateEmailAccountInput) =>
      (await (await apiRequest('POST', '/api/email-accounts', input)).json()) as EmailAccount,
    onSuccess: invalidate,
  });
}

export function useUpdateEmailAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async ({ account, changes }: { account: EmailAccount; changes: UpdateEmailAccountInput }) =>
      (await (
        await apiRequest('PATCH', `/api/email-accounts/${account.id}`, changes, {
          ifMatch: versionOf(account),
        })
      ).json()) as EmailAccount,
    onSuccess: invalidate,
  });
}

export function useDeleteEmailAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/email-accounts/${id}`);
    },
    onSuccess: invalidate,
  });
}

export function useSyncNow() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `/api/email-accounts/${id}/sync`)).json()) as SyncJob,
    onSuccess: invalidate,
  });
}
