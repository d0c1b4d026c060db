import type { recipientRoles } from '../../../common/allowed-values';
import type { SecretBox } from '../../lib/secret-box';
import type { Transaction } from '../../lib/transaction';
import { queuePlatformEmail } from '../email/queue-platform-email';

type RecipientRole = (typeof recipientRoles)[number];

/** Signers, approvers and notaries act on /sign/…; cc and viewers get the read-only /share/… link. */
export const actsOnDocument = (role: RecipientRole) =>
  role === 'signer' || role === 'approver' || role === 'notary';

export function signingLinkFor(appUrl: string, role: RecipientRole, token: string) {
  return `${appUrl.replace(/\/+$/, '')}/${actsOnDocument(role) ? 'sign' : 'share'}/${token}`;
}

/** The stored `signingUrl`: the link without its secret. */
export function signingUrlWithoutSecret(appUrl: string, role: RecipientRole) {
  return `${appUrl.replace(/\/+$/, '')}/${actsOnDocument(role) ? 'sign' : 'share'}/`;
}

export type SigningEmailKind = 'invitation' | 'reminder' | 'completed' | 'declined' | 'cancelled' | 'code';

export interface SigningEmail {
  kind: SigningEmailKind;
  organizationId: string;
  organizationName: string;
  senderName: string;
  to: { email: string; name: string; role: RecipientRole };
  documentTitle: string;
  message?: string | null;
  expiresAt?: Date | null;
  /** The raw link token (sealed with the whole message in the outbox). */
  token?: string;
  /** kind 'code': the one-time code. kind 'declined': the reason. */
  code?: string;
  reason?: string | null;
}

const escape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const actionLabel = (role: RecipientRole) =>
  role === 'approver'
    ? 'Review and approve'
    : role === 'signer' || role === 'notary'
      ? 'Review and sign'
      : 'View the document';

/** Subject, text and HTML of each signing e-mail; one place so every message reads the same. */
export function composeSigningEmail(appUrl: string, email: SigningEmail) {
  const { to, senderName, organizationName, documentTitle } = email;
  const link = email.token ? signingLinkFor(appUrl, to.role, email.token) : null;
  const expiry = email.expiresAt ? `This link expires on ${email.expiresAt.toUTCString()}.` : null;
  const lines: string[] = [];
  let subject: string;
  switch (email.kind) {
    case 'invitation':
      subject = actsOnDocument(to.role)
        ? `${senderName} (${organizationName}) sent you “${documentTitle}” to ${to.role === 'approver' ? 'approve' : 'sign'}`
        : `${senderName} (${organizationName}) shared “${documentTitle}” with you`;
      lines.push(
        `${senderName} of ${organizationName} sent you “${documentTitle}”.`,
        ...(email.message ? ['', email.message] : []),
      );
      break;
    case 'reminder':
      subject = `Reminder: “${documentTitle}” is waiting for you`;
      lines.push(
        `${senderName} of ${organizationName} is waiting for you to ${to.role === 'approver' ? 'approve' : 'sign'} “${documentTitle}”.`,
      );
      break;
    case 'completed':
      subject = `Completed: “${documentTitle}”`;
      lines.push(
        `Everyone has signed “${documentTitle}”. Your copy is attached and stays available at the link below.`,
      );
      break;
    case 'declined':
      subject = `Declined: “${documentTitle}”`;
      lines.push(
        `A recipient declined to sign “${documentTitle}”.`,
        ...(email.reason ? ['', `Reason: ${email.reason}`] : []),
      );
      break;
    case 'cancelled':
      subject = `Cancelled: “${documentTitle}”`;
      lines.push(
        `${senderName} of ${organizationName} cancelled the signing of “${documentTitle}”. The link you received no longer works.`,
      );
      break;
    case 'code':
      subject = `${email.code} is your code to sign “${documentTitle}”`;
      lines.push(
        `Your one-time code is ${email.code}. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
      );
      break;
  }
  const text = [
    `Hi ${to.name},`,
    '',
    ...lines,
    ...(link ? ['', `${actionLabel(to.role)}: ${link}`] : []),
    ...(expiry && link ? [expiry] : []),
  ].join('\n');
  const html = [
    `<p>Hi ${escape(to.name)},</p>`,
    ...lines.filter(Boolean).map((line) => `<p>${escape(line)}</p>`),
    ...(link ? [`<p><a href="${escape(link)}">${escape(actionLabel(to.role))}</a></p>`] : []),
    ...(expiry && link ? [`<p>${escape(expiry)}</p>`] : []),
  ].join('\n');
  return { subject, text, html };
}

/** Queues a signing e-mail in the caller's transaction (sealed whole: it may carry the link's token). */
export async function queueSigningEmail(
  tx: Transaction,
  secrets: SecretBox,
  appUrl: string,
  email: SigningEmail,
) {
  const { subject, text, html } = composeSigningEmail(appUrl, email);
  return queuePlatformEmail(tx, secrets, {
    to: email.to.email,
    subject,
    text,
    html,
    organizationId: email.organizationId,
    purpose: 'notification',
  });
}
