/*
 * Merge fields of e-mail templates and signatures: `{{lead.fullName}}` in a subject or body is
 * replaced by the record's value when the message is composed. Shared by the editor's palette
 * (client) and the renderer (server). Pure: no Node or DOM APIs.
 */

export const mergeFieldGroups = [
  'organization',
  'user',
  'lead',
  'client',
  'company',
  'deal',
  'date',
] as const;
export type MergeFieldGroup = (typeof mergeFieldGroups)[number];

/** The records a template can be rendered with. */
export const mergeEntityTypes = ['lead', 'client', 'company', 'deal'] as const;
export type MergeEntityType = (typeof mergeEntityTypes)[number];

export interface MergeField {
  /** What goes between the braces: `lead.fullName`. */
  key: string;
  label: string;
  group: MergeFieldGroup;
  /** A custom field of the organization (surplus-case fields are custom fields too). */
  custom?: boolean;
}

export const mergeGroupLabels: Record<MergeFieldGroup, string> = {
  organization: 'Organization',
  user: 'You (the sender)',
  lead: 'Lead',
  client: 'Client',
  company: 'Company',
  deal: 'Deal',
  date: 'Date',
};

const fields = (group: MergeFieldGroup, entries: [string, string][]): MergeField[] =>
  entries.map(([name, label]) => ({ key: `${group}.${name}`, label, group }));

/** The fields every organization has; its custom fields are added per organization (GET /api/merge-fields). */
export const standardMergeFields: MergeField[] = [
  ...fields('organization', [
    ['name', 'Organization name'],
    ['phone', 'Organization phone'],
    ['senderName', 'Sender name'],
    ['senderEmail', 'Sender e-mail'],
  ]),
  ...fields('user', [
    ['firstName', 'Your first name'],
    ['lastName', 'Your last name'],
    ['fullName', 'Your full name'],
    ['email', 'Your e-mail'],
    ['phone', 'Your phone'],
  ]),
  ...fields('lead', [
    ['fullName', 'Full name'],
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['email', 'E-mail'],
    ['phone', 'Phone'],
    ['businessName', 'Business name'],
    ['location', 'Location'],
    ['leadSource', 'Lead source'],
    ['leadStatus', 'Lead status'],
  ]),
  ...fields('client', [
    ['fullName', 'Full name'],
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['email', 'E-mail'],
    ['phone', 'Phone'],
    ['address', 'Address (one line)'],
    ['city', 'City'],
    ['state', 'State'],
    ['zip', 'ZIP'],
  ]),
  ...fields('company', [
    ['name', 'Company name'],
    ['website', 'Website'],
    ['industry', 'Industry'],
    ['keyContact', 'Key contact'],
    ['hqLocation', 'Headquarters'],
  ]),
  ...fields('deal', [
    ['name', 'Deal name'],
    ['value', 'Deal value'],
    ['stage', 'Stage'],
    ['expectedCloseDate', 'Expected close date'],
  ]),
  ...fields('date', [['today', "Today's date"]]),
];

/** Filled values by key (`lead.fullName` → "Jane Doe"); null or '' renders as nothing. */
export type MergeValues = Record<string, string | null | undefined>;

/** `{{ group.name }}` (spaces inside the braces allowed; keys are letters, digits, `_`, and dots). */
const tokenPattern = /\{\{\s*([A-Za-z][\w]*(?:\.[A-Za-z_][\w]*)+)\s*\}\}/g;

/** The distinct merge keys a text uses, in order of first use. */
export function mergeKeysIn(...texts: (string | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(tokenPattern)) keys.add(match[1]);
  }
  return [...keys];
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Replaces every `{{key}}` that `values` has (a missing value becomes empty). A key `values`
 * lacks stays as written, so the sender sees `{{lead.fullName}}` in the preview rather than a
 * silently blank greeting. In HTML the values are escaped: a lead's name can never add markup.
 */
export function renderMergeFields(
  text: string,
  values: MergeValues,
  options: { html?: boolean } = {},
): string {
  return text.replace(tokenPattern, (token, key: string) => {
    if (!Object.hasOwn(values, key)) return token;
    const value = values[key] ?? '';
    return options.html ? escapeHtml(value) : value;
  });
}

/** The plain-text alternative of an HTML body: paragraphs and line breaks kept, tags dropped, links spelt out. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|table)>/gi, '\n\n')
    .replace(/<\/(li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
