/*
 * What a spreadsheet cell means to an import: dates written three ways (and more), money with
 * its currency sign and thousands separators, tag lists. Pure functions, one rule each.
 */

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 100) year += year < 70 ? 2000 : 1900;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 31 February rolls over into March: not a date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A calendar date as 'YYYY-MM-DD', from ISO ('2024-03-05', or a date-time, kept as is),
 * US '03/05/2024' (month first, as US county lists write it; 2-digit years too), European
 * '05.03.2024' (day first, dots), or '5 Mar 2024' / 'Mar 5, 2024'. Anything else is answered
 * unchanged, so the schema reports it as not a valid date.
 */
export function normalizeDate(raw: string): string {
  const text = raw.trim();
  if (text === '') return text;
  if (/^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(text)) return text.replace(' ', 'T').replace(/T$/, '');
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (match) return isoOf(Number(match[3]), Number(match[1]), Number(match[2])) ?? text;
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (match) return isoOf(Number(match[3]), Number(match[2]), Number(match[1])) ?? text;
  match = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(text);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3])) ?? text;
  match = /^(\d{1,2})[ -]([A-Za-z]{3})[a-z]*\.?[ -](\d{4})$/.exec(text);
  if (match) {
    const month = monthNames.indexOf(match[2].toLowerCase()) + 1;
    return month ? (isoOf(Number(match[3]), month, Number(match[1])) ?? text) : text;
  }
  match = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(text);
  if (match) {
    const month = monthNames.indexOf(match[1].toLowerCase()) + 1;
    return month ? (isoOf(Number(match[3]), month, Number(match[2])) ?? text) : text;
  }
  return text;
}

/**
 * An amount as the number's text: "$1,250.50" → "1250.50", "(300)" (accounting negative) →
 * "-300", "USD 12" → "12". Text that is not an amount comes back trimmed, for the schema to refuse.
 */
export function normalizeMoney(raw: string): string {
  let text = raw.trim();
  if (text === '') return text;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/^(USD|US\$|\$)\s*/i, '').replace(/\s*(USD)$/i, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).replace(/^\$/, '');
  }
  const cleaned = text.replace(/,/g, '').replace(/\s/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return raw.trim();
  return negative ? `-${cleaned}` : cleaned;
}

/** Tags from one cell: separated by commas, semicolons or pipes; blanks and repeats dropped. */
export function splitTags(raw: string): string[] {
  const seen = new Set<string>();
  for (const part of raw.split(/[,;|]/)) {
    const tag = part.trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/** "yes", "true", "1", "x" → true; "no", "false", "0", "" → false; anything else unchanged. */
export function normalizeBoolean(raw: string): boolean | string {
  const text = raw.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'x'].includes(text)) return true;
  if (['no', 'n', 'false', '0', ''].includes(text)) return false;
  return raw;
}

/** Spreadsheets run a cell starting with = + - @ (or a tab/CR) as a formula: a quote first keeps it text. */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line of cells (RFC 4180 quoting), each made formula-safe. */
export function csvLine(cells: string[]): string {
  return `${cells
    .map((cell) => {
      const safe = formulaSafe(cell);
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',')}\r\n`;
}
