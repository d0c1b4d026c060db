/**
 * Column → field matching for the import wizard: a spreadsheet's headers ("E-mail Address",
 * "Owner", "Case #") are matched to the entity's import fields automatically, the way a person
 * would read them; a saved mapping from an earlier import is applied to the headers it knows.
 */

/** A field a column can be imported into (GET /api/import-jobs/fields). */
export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
  /** standard, custom (`customFields.<key>`), or a deal's surplus-case field. */
  group?: 'standard' | 'custom' | 'surplus';
  /** Other names the server knows the field by (e.g. a custom field's key). */
  aliases?: string[];
}

/** Column header → field key; a column left out (or mapped to '') is not imported. */
export type FieldMapping = Record<string, string>;

/** Lower case, letters and digits only: "E-mail Address" and "email_address" read the same. */
export function normalizeHeader(value: string): string {
  return value
    .normalize('NFKD')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]/g, '');
}

/**
 * Names people give common columns, by field key (normalized). Spreadsheets from county lists and
 * skip-trace exports use these; a field not listed still matches by its key and label.
 */
const synonyms: Record<string, string[]> = {
  fullname: ['name', 'contactname', 'contact', 'leadname', 'owner name', 'person'],
  displayname: ['name', 'fullname', 'client', 'clientname', 'contactname'],
  firstname: ['first', 'fname', 'givenname', 'forename'],
  lastname: ['last', 'lname', 'surname', 'familyname'],
  email: ['emailaddress', 'mail', 'e mail', 'emailaddr', 'primaryemail'],
  phone: ['phonenumber', 'telephone', 'tel', 'mobile', 'cell', 'cellphone', 'mobilephone', 'primaryphone'],
  businessname: ['company', 'companyname', 'business', 'organization', 'organisation', 'employer'],
  companyname: ['name', 'company', 'business', 'businessname', 'organization', 'organisation'],
  dealname: ['name', 'deal', 'title', 'casename'],
  dealvalue: ['value', 'amount', 'price', 'dealamount'],
  stagename: ['stage', 'dealstage', 'pipelinestage', 'status'],
  expectedclosedate: ['closedate', 'expectedclose', 'closingdate'],
  location: ['address', 'city', 'propertyaddress', 'mailingaddress'],
  addressline1: ['address', 'street', 'streetaddress', 'mailingaddress'],
  zip: ['zipcode', 'postalcode', 'postcode'],
  hqlocation: ['hq', 'headquarters', 'location'],
  leadsource: ['source', 'channel'],
  leadstatus: ['status'],
  owneremail: ['owner', 'assignedto', 'assignee', 'salesrep', 'rep', 'assignedowner', 'owneremailaddress'],
  tags: ['tag', 'labels', 'label'],
  notes: ['note', 'comments', 'comment', 'description', 'remarks'],
  website: ['url', 'web', 'site', 'homepage'],
  lastcontactdate: ['lastcontact', 'lastcontacted'],
};

/** A custom field is mapped as `customFields.<key>`: its own key is what a header would say. */
const bareKey = (key: string) => normalizeHeader(key.replace(/^customFields\./, ''));

function namesOf(field: ImportField): Set<string> {
  const names = new Set<string>([bareKey(field.key), normalizeHeader(field.label)]);
  for (const alias of field.aliases ?? []) names.add(normalizeHeader(alias));
  for (const synonym of synonyms[bareKey(field.key)] ?? []) names.add(normalizeHeader(synonym));
  names.delete('');
  return names;
}

/**
 * Matches headers to fields: first by the field's own key or label, then by its aliases and
 * common synonyms. A field takes at most one column (the first, left to right); a column that
 * matches nothing stays unmapped, so nothing is imported where the user did not look.
 */
export function autoMatchColumns(headers: readonly string[], fields: readonly ImportField[]): FieldMapping {
  const mapping: FieldMapping = {};
  const taken = new Set<string>();
  const exact = fields.map((field) => ({
    field,
    own: new Set([bareKey(field.key), normalizeHeader(field.label)]),
    all: namesOf(field),
  }));
  // Two passes, so "Company" goes to the field labelled Company before a synonym claims it.
  for (const pass of ['own', 'all'] as const) {
    for (const header of headers) {
      if (header in mapping) continue;
      const normalized = normalizeHeader(header);
      if (!normalized) continue;
      const hit = exact.find((entry) => !taken.has(entry.field.key) && entry[pass].has(normalized));
      if (!hit) continue;
      mapping[header] = hit.field.key;
      taken.add(hit.field.key);
    }
  }
  return mapping;
}

/**
 * A saved mapping (an earlier import's) applied to this file: its choices for the headers it
 * shares with the file, the automatic match for the rest. Fields the entity no longer has
 * (a deleted custom field) are dropped.
 */
export function applySavedMapping(
  headers: readonly string[],
  fields: readonly ImportField[],
  saved: FieldMapping,
): FieldMapping {
  const known = new Set(fields.map((field) => field.key));
  const savedByHeader = new Map(Object.entries(saved).map(([header, key]) => [normalizeHeader(header), key]));
  const mapping: FieldMapping = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const key = savedByHeader.get(normalizeHeader(header));
    if (key === undefined) continue;
    // The saved mapping chose to skip this column: keep it skipped.
    if (key === '' || !known.has(key) || taken.has(key)) {
      mapping[header] = '';
      continue;
    }
    mapping[header] = key;
    taken.add(key);
  }
  const rest = headers.filter((header) => !(header in mapping));
  for (const [header, key] of Object.entries(
    autoMatchColumns(
      rest,
      fields.filter((field) => !taken.has(field.key)),
    ),
  ))
    mapping[header] = key;
  return mapping;
}

/** How many of the file's headers a saved mapping knows: the best saved mapping is offered first. */
export function sharedHeaderCount(headers: readonly string[], saved: FieldMapping): number {
  const savedHeaders = new Set(Object.keys(saved).map(normalizeHeader));
  return headers.filter((header) => savedHeaders.has(normalizeHeader(header))).length;
}

/** The mapping as sent: only the columns mapped to a field. */
export function mappedOnly(mapping: FieldMapping): FieldMapping {
  return Object.fromEntries(Object.entries(mapping).filter(([, key]) => key !== ''));
}

/** Required fields no column is mapped to (the wizard will not start without them). */
export function missingRequiredFields(mapping: FieldMapping, fields: readonly ImportField[]): ImportField[] {
  const mapped = new Set(Object.values(mapping));
  return fields.filter((field) => field.required && !mapped.has(field.key));
}

/** A field mapped from two columns: the second would overwrite the first. */
export function duplicateTargets(mapping: FieldMapping): string[] {
  const seen = new Set<string>();
  const doubled = new Set<string>();
  for (const key of Object.values(mapping)) {
    if (!key) continue;
    if (seen.has(key)) doubled.add(key);
    seen.add(key);
  }
  return [...doubled];
}
