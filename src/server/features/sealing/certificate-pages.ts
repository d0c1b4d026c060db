import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { letterPage } from '../document-rendering/render-document-pdf';
import { loadPdfmake } from '../document-rendering/load-pdfmake';

/*
 * The completion certificate appended to a sealed document (issue 18): who signed, how they were
 * identified, what they consented to, the hashes that tie the PDF to its audit trail, and every
 * audit event. Rendered with pdfmake (loaded and set up by load-pdfmake.ts): tables that wrap
 * long user agents and repeat their header across pages come free. A pure function of its input.
 */

export interface CertificateRecipient {
  name: string;
  email: string;
  role: string;
  authMethod: string;
  consentVersion: string | null;
  consentedAt: Date | null;
  ipAddress: string | null;
  userAgent: string | null;
  viewedAt: Date | null;
  signedAt: Date | null;
}

export interface CertificateEvent {
  sequence: number;
  timestamp: Date;
  eventType: string;
  who: string;
  ipAddress: string | null;
}

export interface CertificateInput {
  title: string;
  organizationName: string;
  sender: { name: string; email: string | null };
  sentAt: Date | null;
  completedAt: Date | null;
  verificationId: string;
  verifyUrl: string;
  documentHash: string | null;
  chain: { finalHash: string | null; events: number };
  recipients: CertificateRecipient[];
  events: CertificateEvent[];
  /** The document's first page size in points (the certificate matches it). */
  pageSize?: { width: number; height: number };
  /** The PDF's creation date (the completion time): same input, same bytes. */
  createdAt?: Date;
}

const muted = '#52606d';
const rules = '#d9e2ec';
const heading = '#102a43';

const eventLabels: Record<string, string> = {
  document_sent: 'Sent',
  document_viewed: 'Viewed',
  field_clicked: 'Field clicked',
  signature_started: 'Signing started',
  signature_completed: 'Signed',
  document_declined: 'Declined',
  reminder_sent: 'Reminder sent',
};

const authLabels: Record<string, string> = {
  email: 'E-mail link and one-time code',
  sms: 'SMS one-time code',
  phone: 'Phone',
  id_verification: 'ID verification',
};

/** "2026-11-27 23:41:07 UTC", or an em dash when the moment never happened. */
export function utcDateTime(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—';
}

/**
 * A zero-width space every 60 characters of an unbroken run: table columns size to their longest
 * word, so one long token in a user agent would push the table off the page.
 */
export const breakable = (text: string) => text.replace(/(\S{60})(?=\S)/g, '$1\u200B');

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Label/value rows in a borderless two-column table, values selectable and wrapping. */
function facts(rows: [string, string | Content][], labelWidth = 150): Content {
  return {
    table: {
      widths: [labelWidth, '*'],
      body: rows.map(([label, value]) => [
        { text: label, color: muted, fontSize: 8.5 },
        typeof value === 'string' ? { text: value, fontSize: 9 } : value,
      ]),
    },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        i === 0 || i === node.table.body.length ? 0 : 0.5,
      vLineWidth: () => 0,
      hLineColor: () => rules,
      paddingLeft: () => 0,
      paddingRight: () => 6,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  };
}

const hash = (value: string | null): Content =>
  value ? { text: value, fontSize: 8, characterSpacing: 0.2 } : { text: '—', fontSize: 9 };

function recipientBlock(recipient: CertificateRecipient): Content {
  const consent = recipient.consentVersion
    ? `Version ${recipient.consentVersion}, accepted ${utcDateTime(recipient.consentedAt)}`
    : 'Not recorded';
  return {
    unbreakable: true,
    margin: [0, 0, 0, 12],
    stack: [
      {
        columns: [
          { text: breakable(recipient.name), bold: true, fontSize: 10.5, color: heading, width: 'auto' },
          { text: breakable(`<${recipient.email}>`), fontSize: 9, color: muted, margin: [6, 1.5, 0, 0] },
        ],
        margin: [0, 0, 0, 3],
      },
      facts([
        ['Role', capitalized(recipient.role)],
        ['Authentication', authLabels[recipient.authMethod] ?? recipient.authMethod],
        ['Electronic consent', consent],
        ['IP address', recipient.ipAddress ?? '—'],
        ['User agent', breakable(recipient.userAgent ?? '—')],
        ['Viewed', utcDateTime(recipient.viewedAt)],
        ['Signed', utcDateTime(recipient.signedAt)],
      ]),
    ],
  };
}

function eventsTable(events: CertificateEvent[]): Content {
  const header: TableCell[] = ['#', 'Time (UTC)', 'Event', 'By', 'IP address'].map((text) => ({
    text,
    bold: true,
    fontSize: 8.5,
    color: muted,
  }));
  const body: TableCell[][] = [
    header,
    ...events.map((event) => [
      { text: String(event.sequence), fontSize: 8.5 },
      { text: event.timestamp.toISOString().slice(0, 19).replace('T', ' '), fontSize: 8.5 },
      { text: eventLabels[event.eventType] ?? event.eventType, fontSize: 8.5 },
      { text: breakable(event.who), fontSize: 8.5 },
      { text: event.ipAddress ?? '—', fontSize: 8.5 },
    ]),
  ];
  return {
    table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths: [18, 92, 80, '*', 90], body },
    layout: {
      hLineWidth: (i: number) => (i === 1 ? 0.8 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => rules,
      paddingLeft: (i: number) => (i === 0 ? 0 : 4),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  };
}

const sectionTitle = (text: string): Content => ({
  text,
  bold: true,
  fontSize: 12,
  color: heading,
  margin: [0, 14, 0, 6],
});

export function certificateDefinition(input: CertificateInput): TDocumentDefinitions {
  const size = input.pageSize ?? letterPage;
  const margin = Math.round(Math.min(56, size.width * 0.09));
  const sender = input.sender.email ? `${input.sender.name} <${input.sender.email}>` : input.sender.name;
  return {
    pageSize: { width: size.width, height: size.height },
    pageMargins: [margin, margin, margin, margin],
    info: {
      title: `Certificate of completion: ${input.title}`.slice(0, 500),
      producer: 'Locus',
      ...(input.createdAt ? { creationDate: input.createdAt } : {}),
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.2, color: '#243b53' },
    footer: (currentPage: number, pageCount: number) => ({
      text: `Certificate of completion · ${input.verificationId} · page ${currentPage} of ${pageCount}`,
      alignment: 'center',
      fontSize: 7.5,
      color: muted,
      margin: [margin, 16, margin, 0],
    }),
    content: [
      { text: 'Certificate of completion', fontSize: 20, bold: true, color: heading },
      { text: input.title, fontSize: 12, color: muted, margin: [0, 2, 0, 10] },
      facts([
        ['Organization', input.organizationName],
        ['Sender', sender],
        ['Sent', utcDateTime(input.sentAt)],
        ['Completed', utcDateTime(input.completedAt)],
        ['Verification ID', { text: input.verificationId, bold: true, fontSize: 10 }],
        ['Verify at', { text: input.verifyUrl, link: input.verifyUrl, color: '#1f5fbf', fontSize: 9 }],
        ['Original document SHA-256', hash(input.documentHash)],
        ['Audit chain final hash', hash(input.chain.finalHash)],
        ['Audit events', String(input.chain.events)],
      ]),
      {
        text:
          'This PDF is sealed with a PAdES digital signature by the organization above. ' +
          'Any change to it breaks the seal; the verification ID finds the record of its signing.',
        fontSize: 8,
        color: muted,
        margin: [0, 6, 0, 0],
      },
      sectionTitle('Recipients'),
      ...input.recipients.map(recipientBlock),
      sectionTitle('Events'),
      eventsTable(input.events),
    ],
  };
}

/** The certificate pages as PDF bytes, ready to be copied after the document's pages. */
export async function renderCertificatePages(input: CertificateInput): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  return Buffer.from(await pdfmake.createPdf(certificateDefinition(input)).getBuffer());
}
