import { arrayContains, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dateField } from '../../common/validation/common';
import { queryFilter, withinDates } from './tenant-scope';

/*
 * The filters every CRM list shares (leads, clients, companies, deals and their CSV exports):
 * tags and a created range, by the field's name and by the names the list UI already sends.
 */

/** `?tags=a` or `?tags=a&tags=b` (a repeated key arrives as an array); blanks are ignored. */
export const tagsFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const tags = [value ?? []]
      .flat()
      .map((tag) => tag.trim())
      .filter(Boolean);
    return tags.length ? tags : undefined;
  });

/** An optional date in a query string: "{label} must be a valid date" otherwise. */
export const dateFilter = (label: string) => queryFilter(dateField(label));

/** `tags` (the field's name), its alias `tag`, and the created range under two pairs of names. */
export const listFilterQuery = {
  tags: tagsFilter,
  tag: tagsFilter,
  createdFrom: dateFilter('Created from'),
  createdTo: dateFilter('Created to'),
  createdAfter: dateFilter('Created after'),
  createdBefore: dateFilter('Created before'),
};

interface CreatedRange {
  createdFrom?: string;
  createdTo?: string;
  createdAfter?: string;
  createdBefore?: string;
}

/** Rows carrying every tag asked for under any of the tag names (the GIN index on the column). */
export function hasAllTags(column: PgColumn, ...requested: (string[] | undefined)[]): SQL | undefined {
  const tags = [...new Set(requested.flatMap((list) => list ?? []))];
  return tags.length ? arrayContains(column, tags) : undefined;
}

/** The created range; a calendar day as the end includes that whole day, under either name. */
export function createdWithin(column: PgColumn, query: CreatedRange): SQL[] {
  return [
    ...withinDates(column, query.createdFrom, query.createdTo),
    ...withinDates(column, query.createdAfter, query.createdBefore),
  ];
}
