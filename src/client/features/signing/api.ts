import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readApiError } from '../../lib/api';

/*
 * The signer's side of issue 17 (CONTRACT "Signer API"): public routes keyed by the raw link token.
 * The token stays in memory (the page's path, or sessionStorage for in-person signing) and in the
 * query key; it is never logged and never put anywhere else.
 */

export type SigningState = 'consent' | 'verify' | 'ready' | 'waiting' | 'signed' | 'declined';
export type SigningFieldType = 'signature' | 'initial' | 'date' | 'text' | 'checkbox' | 'dropdown' | 'radio';
export type FieldValidationType = 'email' | 'phone' | 'date' | 'number' | 'ssn' | 'ein';

export interface SigningField {
  id: string;
  fieldName: string;
  fieldType: SigningFieldType;
  page: number;
  xPosition: number | null;
  yPosition: number | null;
  width: number;
  height: number;
  isRequired: boolean;
  placeholder: string | null;
  validationType: FieldValidationType | null;
  options: string[] | null;
  defaultValue: string | null;
  maxLength: number | null;
  fontSize: number;
  fontFamily: string;
  tooltip: string | null;
  tabOrder: number | null;
}

export interface PageSize {
  width: number;
  height: number;
}

export interface SigningView {
  state: SigningState;
  recipient: { id: string; name: string; email: string; role: string; authMethod: string; status: string };
  request: {
    id: string;
    title: string;
    message: string | null;
    signatureType: 'parallel' | 'sequential';
    expiresAt: string | null;
    status: string;
  };
  organization: { name: string };
  sender: { name: string };
  consent?: {
    version: string;
    title: string;
    sections: { heading: string; body: string }[];
    acceptLabel: string;
  };
  codeSentTo?: string | null;
  document: { name: string; pageCount?: number; documentHash?: string; pages?: PageSize[] };
  fields?: SigningField[];
  progress: { currentStep: number; totalSteps: number; signed: number; total: number };
  inPerson: boolean;
}

/** Why a link no longer opens its document (404 invalid, 410 the others), with the API's words. */
export interface ClosedLink {
  reason: 'invalid' | 'expired' | 'cancelled' | 'declined';
  message: string;
}

export type SigningLinkAnswer = { view: SigningView; closed?: never } | { closed: ClosedLink; view?: never };

const closedReasons = new Set(['invalid', 'expired', 'cancelled', 'declined']);

/** The 404/410 answers of the signing routes as a closed link; anything else is an error to show. */
async function readClosedLink(res: Response): Promise<ClosedLink | null> {
  if (res.status !== 404 && res.status !== 410) return null;
  const body = (await res.json().catch(() => null)) as Partial<ClosedLink> | null;
  const reason = body?.reason && closedReasons.has(body.reason) ? body.reason : 'invalid';
  return { reason, message: body?.message ?? 'This link is not valid' };
}

export const signingPath = (token: string) => `/api/signing/${encodeURIComponent(token)}`;
export const signingQueryKey = (token: string) => ['/api/signing', token] as const;

export async function fetchSigningLink(token: string, signal?: AbortSignal): Promise<SigningLinkAnswer> {
  const res = await fetch(signingPath(token), { credentials: 'include', signal });
  const closed = await readClosedLink(res);
  if (closed) return { closed };
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  return { view: (await res.json()) as SigningView };
}

export function useSigningLink(token: string) {
  return useQuery({
    queryKey: signingQueryKey(token),
    queryFn: ({ signal }) => fetchSigningLink(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A write of the signing flow. Its answer (a SigningView) replaces the page's state; a 404/410
 * turns the page into the closed-link page, since the request was cancelled or expired meanwhile.
 */
async function postSigning<T>(token: string, action: string, body?: unknown): Promise<T> {
  const res = await fetch(`${signingPath(token)}/${action}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) {
    const text = await res.text();
    throw new SigningRequestError(res.status, text, res.headers.get('Retry-After'));
  }
  return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
}

/** A refused signing write, with the API's message, its per-field errors and Retry-After (429). */
export class SigningRequestError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  readonly retryAfterSeconds: number | null;
  constructor(status: number, body: string, retryAfter: string | null) {
    const details = readApiError(new Error(`${status}: ${body}`));
    super(details.message);
    this.status = status;
    this.fieldErrors = details.fieldErrors;
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : null;
  }

  /**
   * The link's state moved on while the page was open: cancelled, expired or declined (404, 410),
   * or already signed or not yet this recipient's turn (409). The page reloads it to show where it stands.
   */
  get movedOn(): boolean {
    return this.status === 404 || this.status === 409 || this.status === 410;
  }
}

export interface FinishSigningBody {
  fields: { fieldId: string; signatureType: string; signatureData: string; vectorData?: unknown }[];
  sessionDuration: number;
  deviceFingerprint: string;
}

type SigningAction =
  | { action: 'consent'; body: { version: string } }
  | { action: 'verify'; body: { code: string } }
  | { action: 'finish'; body: FinishSigningBody }
  | { action: 'decline'; body: { reason: string } };

/** consent, verify, finish, decline: each answers the new SigningView, which the page then shows. */
export function useSigningStep(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ action, body }: SigningAction) => postSigning<SigningView>(token, action, body),
    onSuccess: (view) =>
      queryClient.setQueryData(signingQueryKey(token), { view } satisfies SigningLinkAnswer),
    onError: (error) => {
      if (error instanceof SigningRequestError && error.movedOn) {
        void queryClient.invalidateQueries({ queryKey: signingQueryKey(token) });
      }
    },
  });
}

/** POST …/code: e-mails a new one-time code; answers where it went (a masked address). */
export function sendSigningCode(token: string): Promise<{ sentTo: string }> {
  return postSigning<{ sentTo: string }>(token, 'code');
}

/** Evidence of how the signer went through the document; a lost event must not stop the signing. */
export function recordSigningEvent(
  token: string,
  eventType: 'field_clicked' | 'signature_started',
  fieldId?: string,
): void {
  void fetch(`${signingPath(token)}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ eventType, fieldId }),
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
}

export const signingPdfUrl = (token: string) => `${signingPath(token)}/pdf`;
export const signedCopyUrl = (token: string) => `${signingPath(token)}/copy`;

/* /share/:token — view-only access. */

export interface ShareView {
  document: { name: string; pageCount: number; pages: PageSize[] };
  organization: { name: string };
  accessType: 'view' | 'sign';
  recipientName: string | null;
}

export type ShareAnswer = { share: ShareView; closed?: never } | { closed: ClosedLink; share?: never };

const sharePath = (token: string) => `/api/shares/${encodeURIComponent(token)}`;
export const sharePdfUrl = (token: string) => `${sharePath(token)}/pdf`;

export function useShareLink(token: string) {
  return useQuery({
    queryKey: ['/api/shares', token],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<ShareAnswer> => {
      const res = await fetch(sharePath(token), { credentials: 'include', signal });
      const closed = await readClosedLink(res);
      if (closed) return { closed };
      if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
      return { share: (await res.json()) as ShareView };
    },
  });
}

/* In person (/documents/instances/:id/sign): the signed-in sender hands the device over. */

export interface RecipientSummary {
  id: string;
  name: string;
  email: string;
  role: string;
  signatureOrder: number;
  status: string;
}

export interface RequestSummary {
  id: string;
  title: string;
  status: string;
  document: { id: string; name: string; status: string } | null;
  workflow: { currentStep: number; totalSteps: number } | null;
  recipients: RecipientSummary[];
}

const activeRequestStatuses = ['sent', 'viewed', 'signed'];

/** The document's request in progress (if any), in full: who may sign now is worked out from it. */
export function useActiveRequestOfDocument(documentInstanceId: string) {
  return useQuery({
    queryKey: ['/api/enhanced-signature-requests', { documentInstanceId }, 'active'],
    queryFn: async (): Promise<RequestSummary | null> => {
      const listRes = await apiRequest(
        'GET',
        `/api/enhanced-signature-requests?documentInstanceId=${encodeURIComponent(documentInstanceId)}`,
      );
      const { items } = (await listRes.json()) as { items: { id: string; status: string }[] };
      const active = items.find((item) => activeRequestStatuses.includes(item.status));
      if (!active) return null;
      const detailRes = await apiRequest('GET', `/api/enhanced-signature-requests/${active.id}`);
      return (await detailRes.json()) as RequestSummary;
    },
  });
}

export interface InPersonToken {
  token: string;
  expiresAt: string;
}

export function startInPersonSigning(requestId: string, recipientId: string): Promise<InPersonToken> {
  return apiRequest(
    'POST',
    `/api/enhanced-signature-requests/${requestId}/recipients/${recipientId}/in-person`,
  ).then((res) => res.json() as Promise<InPersonToken>);
}
