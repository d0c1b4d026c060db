import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEventType } from '../../../common/validation/integrations';
import { apiRequest, throwIfNotOk } from '../../lib/api';

/** A webhook as GET /api/integrations answers it: never its secret, only that it has one. */
export interface Webhook {
  id: string;
  name: string;
  type: 'webhook';
  status: 'active' | 'inactive' | 'error';
  config: { url: string; method: 'POST' | 'PUT' | 'PATCH'; events: WebhookEventType[] };
  hasSecret: boolean;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
  health: {
    lastDeliveryAt: string | null;
    lastDeliveryStatus: 'delivered' | 'failed' | null;
    lastResponseStatus: number | null;
    recentDeliveries: number;
    recentFailures: number;
  } | null;
}

/** One delivery attempt (GET /api/webhook-logs item). */
export interface WebhookLog {
  id: string;
  integrationId: string;
  webhookUrl: string;
  method: string;
  responseStatus: number | null;
  responseBody: string | null;
  processingTime: number | null;
  errorMessage: string | null;
  status: 'delivered' | 'failed';
  eventType: string;
  messageId: string;
  attempt: number;
  createdAt: string;
}

export interface WebhookInput {
  name: string;
  config: { url: string; method: 'POST' | 'PUT' | 'PATCH'; events: WebhookEventType[] };
}

export const webhooksQueryKey = ['/api/integrations?type=webhook'] as const;

/** The organization's webhooks with their health; refreshed every 10 s while the tab is open. */
export function useWebhooks() {
  return useQuery<{ items: Webhook[] }>({ queryKey: webhooksQueryKey, refetchInterval: 10_000 });
}

/** A webhook's attempts, newest first, 20 a page. */
export function useWebhookLogs(integrationId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/webhook-logs', integrationId],
    enabled,
    initialPageParam: null as string | null,
    refetchInterval: 5000,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ integrationId, limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      const res = await fetch(`/api/webhook-logs?${params}`, { credentials: 'include' });
      await throwIfNotOk(res);
      return (await res.json()) as { items: WebhookLog[]; nextCursor: string | null; total: number };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['/api/webhook-logs'] }),
    ]);
}

export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: WebhookInput) =>
      (await (
        await apiRequest('POST', '/api/integrations', { ...input, type: 'webhook' })
      ).json()) as Webhook & {
        secret: string;
      },
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      changes,
    }: {
      id: string;
      changes: Partial<WebhookInput> & { status?: Webhook['status'] };
    }) => (await (await apiRequest('PATCH', `/api/integrations/${id}`, changes)).json()) as Webhook,
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: ['/api/webhook-logs', id] });
      await apiRequest('DELETE', `/api/integrations/${id}`);
    },
    // Its deliveries went with it: drop them rather than ask for them again (a 404).
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ['/api/webhook-logs', id] });
      return queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}

export function useRotateSecret() {
  return useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `/api/integrations/${id}/rotate-secret`)).json()) as {
        secret: string;
      },
  });
}

export function useSendTest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('POST', `/api/integrations/${id}/test`);
    },
    // The delivery goes out from the queue within a second or two; the lists poll.
    onSuccess: () => setTimeout(invalidate, 1500),
  });
}

export function useRedeliver() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (logId: string) => {
      await apiRequest('POST', `/api/webhook-logs/${logId}/redeliver`);
    },
    onSuccess: () => setTimeout(invalidate, 1500),
  });
}
