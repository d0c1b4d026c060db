import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComposeEmailInput, EmailRecordType } from '../../../common/validation/email';
import { apiRequest } from '../../lib/api';

/* Mail on records: threads by record, a thread's messages, compose/reply, and what the compose dialog offers. */

export type { EmailRecordType };

export type SendStatus = 'queued' | 'waiting' | 'sent' | 'failed' | null;

export interface EmailThreadSummary {
  id: string;
  subject: string | null;
  participantEmails: string[];
  lastMessageAt: string | null;
  messageCount: number;
  isRead: boolean;
  lastMessage: {
    fromName: string | null;
    fromEmail: string;
    direction: 'inbound' | 'outbound';
    sendStatus: SendStatus;
    sendError: string | null;
    snippet: string;
  } | null;
}

export interface EmailAttachment {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
  url: string;
}

export interface EmailMessage {
  id: string;
  threadId: string;
  accountId: string | null;
  messageId: string;
  subject: string | null;
  fromEmail: string;
  fromName: string | null;
  toEmails: string[];
  ccEmails: string[];
  bccEmails: string[];
  direction: 'inbound' | 'outbound';
  isRead: boolean;
  receivedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  bodyText: string | null;
  bodyHtml: string | null;
  hasRemoteImages: boolean;
  attachments: EmailAttachment[];
  sendStatus: SendStatus;
  sendError: string | null;
  tracking: {
    deliveryStatus: string;
    openCount: number;
    openedAt: string | null;
    clickCount: number;
    clickedAt: string | null;
    bounced: boolean;
    bounceReason: string | null;
  } | null;
}

export interface EmailThread {
  id: string;
  subject: string | null;
  participantEmails: string[];
  messageCount: number;
  isRead: boolean;
  hasRemoteImages: boolean;
  messages: EmailMessage[];
}

/** The mailboxes, templates and signatures the compose dialog offers (their own features' endpoints). */
export interface EmailAccountOption {
  id: string;
  email: string;
  displayName: string | null;
}
export interface EmailTemplateOption {
  id: string;
  name: string;
  category: string;
  isActive: boolean;
}
export interface EmailSignatureOption {
  id: string;
  name: string;
  bodyHtml: string | null;
  isDefault: boolean;
  isActive: boolean;
}
export interface AddressSuggestion {
  name: string;
  email: string;
  entityType: 'lead' | 'client' | 'user';
  entityId: string;
}

export const emailThreadsPath = '/api/email-threads';
const threadsKey = (entityType: EmailRecordType, entityId: string) => [
  emailThreadsPath,
  { entityType, entityId },
];

export function useEmailThreads(entityType: EmailRecordType, entityId: string) {
  return useQuery<{ items: EmailThreadSummary[]; nextCursor: string | null; total: number }>({
    queryKey: threadsKey(entityType, entityId),
    // A queued message turns sent (or failed) within seconds: look again while one is on its way.
    refetchInterval: (query) =>
      query.state.data?.items.some((t) => t.lastMessage?.sendStatus === 'queued') ? 3000 : false,
  });
}

export function useEmailThread(id: string | null, showImages: boolean) {
  return useQuery<EmailThread>({
    queryKey: [`${emailThreadsPath}/${id}`, showImages ? { images: '1' } : {}],
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.sendStatus === 'queued') ? 3000 : false,
  });
}

export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isRead }: { id: string; isRead: boolean }) =>
      (await apiRequest('PATCH', `${emailThreadsPath}/${id}`, { isRead })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [emailThreadsPath] }),
  });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ComposeEmailInput) =>
      (await (await apiRequest('POST', '/api/emails', input)).json()) as EmailMessage,
    onSuccess: async (email) => {
      await queryClient.invalidateQueries({ queryKey: [emailThreadsPath] });
      await queryClient.invalidateQueries({ queryKey: [`${emailThreadsPath}/${email.threadId}`] });
      // The timeline shows the sent message too.
      await queryClient.invalidateQueries({ queryKey: ['/api/lead-activities'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/activities'] });
    },
  });
}

/**
 * A list another feature serves that may not be there yet (a build without mailboxes or
 * templates): an error leaves the choice out instead of breaking the dialog.
 */
function useOptionalList<T>(path: string, enabled: boolean) {
  return useQuery<{ items: T[] }>({ queryKey: [path], enabled, retry: false, staleTime: 60_000 });
}

export const useEmailAccounts = (enabled: boolean) =>
  useOptionalList<EmailAccountOption>('/api/email-accounts', enabled);
export const useEmailTemplates = (enabled: boolean) =>
  useOptionalList<EmailTemplateOption>('/api/email-templates', enabled);
export const useEmailSignatures = (enabled: boolean) =>
  useOptionalList<EmailSignatureOption>('/api/email-signatures', enabled);

export function useOrganizationSender(enabled: boolean) {
  return useQuery<{ emailFromAddress: string | null; emailFromName: string | null }>({
    queryKey: ['/api/organization'],
    enabled,
  });
}

export function useAddressSuggestions(search: string) {
  const term = search.trim();
  return useQuery<{ items: AddressSuggestion[] }>({
    queryKey: ['/api/email-addresses', { search: term }],
    enabled: term.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

export async function renderTemplate(templateId: string, entityType: EmailRecordType, entityId: string) {
  const res = await apiRequest('POST', `/api/email-templates/${templateId}/render`, { entityType, entityId });
  return (await res.json()) as { subject: string; bodyHtml: string; bodyText: string };
}
