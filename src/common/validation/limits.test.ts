import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as activities from './activities';
import * as auth from './auth';
import * as certificates from './certificates';
import * as clients from './clients';
import * as common from './common';
import * as companies from './companies';
import * as deals from './deals';
import * as documents from './documents';
import * as email from './email';
import * as feedback from './feedback';
import * as integrations from './integrations';
import * as leads from './leads';
import * as lists from './lists';
import * as organizations from './organizations';
import * as permissions from './permissions';
import * as preferences from './preferences';
import * as publicSubmissions from './public-submissions';
import * as signing from './signing';
import * as stateRules from './state-rules';
import * as support from './support';
import * as tags from './tags';
import * as teams from './teams';
import * as users from './users';

/*
 * Walks every object schema of the validation catalogue: each of its fields, given 100,000
 * characters (alone, in a list, or in a list's objects), is refused at that field, so no text
 * reaches the database longer than its column's indexes and the logs can take.
 */

const modules = {
  activities,
  auth,
  certificates,
  clients,
  common,
  companies,
  deals,
  documents,
  email,
  feedback,
  integrations,
  leads,
  lists,
  organizations,
  permissions,
  preferences,
  publicSubmissions,
  signing,
  stateRules,
  support,
  tags,
  teams,
  users,
};

const huge = 'x'.repeat(100_000);

/** The schema inside optional/nullable/default/pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    const def = (
      current as { def?: { type?: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType } }
    ).def;
    if (!def) return current;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.out && def.in)
      current = (def.in as { def?: { type?: string } }).def?.type === 'transform' ? def.out : def.in;
    else return current;
  }
  return current;
}

/** Values that put 100,000 characters into `field`: directly, as a list item, in a list item's fields. */
function probesOf(field: z.ZodType): unknown[] {
  const inner = unwrap(field);
  const probes: unknown[] = [huge];
  if (inner instanceof z.ZodArray) {
    probes.push([huge]);
    const element = unwrap(inner.element as z.ZodType);
    if (element instanceof z.ZodObject) {
      for (const key of Object.keys(element.shape)) probes.push([{ [key]: huge }]);
    }
  }
  if (inner instanceof z.ZodRecord) probes.push({ key: huge }, { key: { key: huge } });
  return probes;
}

const objectSchemas = Object.entries(modules).flatMap(([moduleName, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodObject] => entry[1] instanceof z.ZodObject)
    .map(([name, schema]) => [`${moduleName}.${name}`, schema] as const),
);

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0].message;

/** Fields whose maximum is above 100,000 characters on purpose. */
const largerByDesign = [
  // An image as a data URL, up to 512 KB (checked by the server with its own 413 message).
  'organizations.organizationLogoSchema.dataUrl',
  // A composed message's HTML, up to 2 MB (mail with pasted tables and inline styles runs long).
  'email.composeEmailSchema.bodyHtml',
  // A document's or template's editor JSON, up to 2,000,000 characters (maxLength.documentContent).
  'documents.createDocumentTemplateSchema.content',
  'documents.updateDocumentTemplateSchema.content',
  'documents.createDocumentInstanceSchema.content',
  'documents.updateDocumentInstanceSchema.content',
  // A drawn or uploaded signature as a data URL, up to 700,000 characters (the server's 413 at 500 KB decoded).
  'signing.signingFieldValueSchema.signatureData',
];

describe('every field of every schema has a maximum', () => {
  it('finds the schemas', () => {
    expect(objectSchemas.length).toBeGreaterThan(60);
  });

  it.each(objectSchemas)('%s refuses 100,000 characters in each field', (name, schema) => {
    const accepted: string[] = [];
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (largerByDesign.includes(`${name}.${key}`)) continue;
      for (const probe of probesOf(field)) {
        const result = schema.safeParse({ [key]: probe });
        const refused = result.error?.issues.some((issue) => issue.path[0] === key);
        if (!refused) accepted.push(`${key} = ${JSON.stringify(probe).slice(0, 40)}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe('the limits and their messages', () => {
  it('keeps the logo within the body its route takes', () => {
    const tooLarge = 'x'.repeat(4 * 512 * 1024 + 1);
    expect(organizations.organizationLogoSchema.safeParse({ dataUrl: tooLarge }).success).toBe(false);
  });

  it('names the field and the limit, the same on every form and on the server', () => {
    const { maxLength } = common;
    expect(messageOf(teams.createTeamSchema.shape.name, 'x'.repeat(maxLength.line + 1))).toBe(
      'Name must be at most 255 characters',
    );
    expect(messageOf(tags.createTagSchema.shape.name, 'x'.repeat(maxLength.tag + 1))).toBe(
      'Tag name must be at most 50 characters',
    );
    expect(messageOf(leads.createLeadSchema.shape.tags, ['x'.repeat(maxLength.tag + 1)])).toBe(
      'Tag must be at most 50 characters',
    );
    expect(messageOf(leads.createLeadSchema.shape.notes, huge)).toBe(
      'Notes must be at most 50,000 characters',
    );
    expect(messageOf(leads.createLeadSchema.shape.phone, '5'.repeat(maxLength.phone + 1))).toBe(
      'Phone must be at most 40 characters',
    );
    expect(messageOf(activities.createLeadActivitySchema.shape.subject, huge)).toBe(
      'Subject must be at most 255 characters',
    );
    expect(messageOf(lists.createStageSchema.shape.name, huge)).toBe('Name must be at most 255 characters');
    expect(messageOf(users.updateProfileSchema.shape.timezone, huge)).toBe(
      'Timezone must be at most 100 characters',
    );
    expect(messageOf(feedback.feedbackSchema.shape.message, huge)).toBe(
      'Message must be at most 10,000 characters',
    );
    // At the limit is fine.
    expect(leads.createLeadSchema.shape.notes.safeParse('x'.repeat(maxLength.notes)).success).toBe(true);
    expect(tags.createTagSchema.shape.name.safeParse('x'.repeat(maxLength.tag)).success).toBe(true);
  });

  it('bounds deal values to what numeric(10, 2) holds, with the money message', () => {
    const value = deals.createDealSchema.shape.dealValue;
    expect(value.safeParse('99,999,999.99').success).toBe(true);
    expect(value.safeParse('$1,000,000,000,000').error?.issues[0].message).toBe(
      'Deal value must be between 0 and 99,999,999.99',
    );
  });
});
