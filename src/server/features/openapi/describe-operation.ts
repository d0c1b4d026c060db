/**
 * Names for an operation derived from its path, so every route is tagged and summarized without
 * each feature spelling it out (a route's own `schema.tags` / `summary` wins).
 */

/** The resource a path belongs to: its first segment after /api ("/api/leads/:id" → "leads"). */
export function tagOf(url: string): string {
  return url.split('/')[2] ?? 'api';
}

/** "leads" → "Leads", "custom-fields" → "Custom fields". */
export function tagTitle(tag: string): string {
  const words = tag.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A readable summary: "List leads", "Get lead", "Create lead", "POST /api/leads/{id}/convert". */
export function summaryOf(method: string, url: string): string {
  const segments = url.split('/').slice(2);
  const resource = segments[0]?.replaceAll('-', ' ') ?? '';
  const isItem = segments.length === 2 && segments[1].startsWith(':');
  const isCollection = segments.length === 1;
  if (isCollection && method === 'GET') return `List ${resource}`;
  if (isCollection && method === 'POST') return `Create ${singular(resource)}`;
  if (isItem && method === 'GET') return `Get ${singular(resource)}`;
  if (isItem && (method === 'PATCH' || method === 'PUT')) return `Update ${singular(resource)}`;
  if (isItem && method === 'DELETE') return `Delete ${singular(resource)}`;
  return `${method} ${openApiPath(url)}`;
}

/** "companies" → "company", "statuses" → "status", "leads" → "lead" (our resource names only). */
function singular(words: string): string {
  if (words.endsWith('ies')) return `${words.slice(0, -3)}y`;
  if (words.endsWith('ses')) return words.slice(0, -2);
  if (words.endsWith('s')) return words.slice(0, -1);
  return words;
}

/** A stable operationId for code generators: "get_api_leads_id". */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words].join('_');
}

/** Fastify's ":id" path parameters in OpenAPI's "{id}" form. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
