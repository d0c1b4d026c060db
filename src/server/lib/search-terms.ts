/**
 * Whether a search term can occur in an e-mail address. Addresses never hold white space (every
 * write validates them), so a term with a space skips the e-mail trigram index: on a million
 * leads "maria gonz" spent more time there, on the many addresses sharing its trigrams, than on
 * the names it finds (docs/decisions/046).
 */
export function mayBeInEmail(term: string): boolean {
  return !/\s/.test(term);
}
