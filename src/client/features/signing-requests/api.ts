import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SendDocumentForSignatureInput } from '../../../common/validation/signing';
import { apiRequest } from '../../lib/api';
import { documentPath, documentsPath } from '../documents/api';

/* The sender's side of signing (CONTRACT "Sender API"): send, follow, remind, resend, cancel. */

export interface RecipientView {
  id: string;
  name: string;
  email: string;
  role: string;
  signatureOrder: number | null;
  status: string;
  authMethod: string;
  invitedAt: string | null;
  viewedAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  remindersSent: number | null;
  lastReminderAt: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  consentVersion: string | null;
  consentedAt: string | null;
  fraudScore: number | null;
  signingUrl: string | null;
}

export interface ChainSummary {
  valid: boolean;
  events: number;
}

/** The seal of a completed request (issue 18): null until the request is completed. */
export interface SealView {
  status: 'pending' | 'sealed' | 'failed';
  error: string | null;
  sealedAt: string | null;
  level: 'B-B' | 'B-T' | null;
  timestampError: string | null;
  finalDocumentHash: string | null;
  verificationId: string | null;
  certificate: { id: string; subject: string; serialNumber: string; fingerprint: string | null } | null;
}

export interface RequestDetail {
  id: string;
  title: string;
  message: string | null;
  status: string;
  signatureType: string;
  documentInstanceId: string | null;
  dealId: string | null;
  documentHash: string | null;
  expiresAt: string | null;
  completedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  document: { id: string; name: string; status: string } | null;
  workflow: {
    id: string;
    signingOrder: string;
    currentStep: number;
    totalSteps: number;
    status: string;
  } | null;
  recipients: RecipientView[];
  chain?: ChainSummary;
  seal?: SealView | null;
}

/** A list's row: the request's own fields (recipients come with the detail). */
export type RequestListItem = Omit<RequestDetail, 'recipients' | 'document' | 'workflow' | 'chain' | 'seal'>;

export interface AuditEventView {
  id: string;
  sequence: number;
  eventType: string;
  recipientId: string | null;
  eventData: Record<string, unknown> | null;
  timestamp: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AuditChainVerification {
  valid: boolean;
  events: number;
  brokenAt?: { eventId: string; sequence: number; reason: string };
}

export interface AuditTrail {
  items: AuditEventView[];
  verification: AuditChainVerification;
}

interface ItemsAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export const requestsPath = '/api/enhanced-signature-requests';
export const requestPath = (id: string) => `${requestsPath}/${id}`;
export const signedPdfUrl = (id: string) => `${requestPath(id)}/signed-pdf`;
export const evidenceZipUrl = (id: string) => `${requestPath(id)}/evidence.zip`;
/** The public verification page, opened on this seal's verification id. */
export const verifyPageUrl = (verificationId: string) => `/verify?id=${encodeURIComponent(verificationId)}`;
/** While a seal is being made the detail is read again this often, until it settles. */
export const sealPollMs = 3000;
/** Where the in-person token waits for the signing page: never in the URL, gone with the tab. */
export const inPersonStorageKey = (recipientId: string) => `locus.inPerson.${recipientId}`;

/** A document's requests, or a deal's: sent ones first (the server's order), newest first. */
export function useSignatureRequests(
  filter: { documentInstanceId: string } | { dealId: string },
  { enabled = true } = {},
) {
  return useQuery<ItemsAnswer<RequestListItem>>({
    queryKey: [requestsPath, { ...filter, limit: 200 }],
    enabled,
  });
}

export function useSignatureRequest(id: string | null) {
  return useQuery<RequestDetail>({
    queryKey: [requestPath(id ?? '')],
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.seal?.status === 'pending' ? sealPollMs : false),
  });
}

export function useAuditTrail(id: string, enabled: boolean) {
  return useQuery<AuditTrail>({ queryKey: [`${requestPath(id)}/audit-trail`], enabled });
}

/** Every cached view of requests and documents: a signing step changes both. */
function refreshSigning(queryClient: QueryClient, detail?: RequestDetail) {
  if (detail) queryClient.setQueryData([requestPath(detail.id)], detail);
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return typeof key === 'string' && (key.startsWith(requestsPath) || key.startsWith(documentsPath));
    },
  });
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** POST /api/document-instances/:id/send: the request, its recipients and order in one call. */
export function useSendDocument(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendDocumentForSignatureInput) =>
      json<RequestDetail>(await apiRequest('POST', `${documentPath(documentId)}/send`, input)),
    onSuccess: (detail) => refreshSigning(queryClient, detail),
  });
}

export function useCancelRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => json<RequestDetail>(await apiRequest('POST', `${requestPath(id)}/cancel`)),
    onSuccess: (detail) => refreshSigning(queryClient, detail),
  });
}

/** Without a recipient: everyone whose turn it is and who has not signed. */
export function useRemindRecipients(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (recipientId?: string) =>
      json<{ reminded: number }>(
        await apiRequest('POST', `${requestPath(id)}/remind`, recipientId ? { recipientId } : {}),
      ),
    onSuccess: () => refreshSigning(queryClient),
  });
}

export function useResendToRecipient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { recipientId: string; email?: string; name?: string }) => {
      const { recipientId, ...body } = input;
      return json<RecipientView>(
        await apiRequest('POST', `${requestPath(id)}/recipients/${recipientId}/resend`, body),
      );
    },
    onSuccess: () => refreshSigning(queryClient),
  });
}

/** POST …/:id/seal: seals a completed request again (after a failure); answers the seal, pending. */
export function useRetrySeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => json<SealView>(await apiRequest('POST', `${requestPath(id)}/seal`)),
    onSuccess: (seal) => {
      queryClient.setQueryData<RequestDetail>([requestPath(id)], (detail) =>
        detail ? { ...detail, seal } : detail,
      );
      return refreshSigning(queryClient);
    },
  });
}

/** A 30-minute token for signing on this device; the caller keeps it in sessionStorage. */
export function useStartInPersonSigning(id: string) {
  return useMutation({
    mutationFn: async (recipientId: string) =>
      json<{ token: string; expiresAt: string }>(
        await apiRequest('POST', `${requestPath(id)}/recipients/${recipientId}/in-person`),
      ),
  });
}
