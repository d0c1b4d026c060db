import { createHash } from 'node:crypto';

/*
 * Names for server-side prepared statements (pg's named queries): PostgreSQL parses a named
 * statement once per connection and keeps it for the connection's life, so only a bounded
 * number of texts get one; the rest run unnamed. The name is derived from the text, so one
 * name never stands for two texts (pg refuses that on a connection).
 */

/** A namer that names at most `maxNamedTexts` texts; after that, only those it already named. */
export function statementNamer(maxNamedTexts: number) {
  const names = new Map<string, string>();
  return (prefix: string, text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= maxNamedTexts) return known;
    const name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
}

/** The process's namer: 64 texts cover the searched list's variants (filters, sort, cursor). */
export const statementNameFor = statementNamer(64);
