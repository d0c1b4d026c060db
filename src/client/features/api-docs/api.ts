/** The parts of an OpenAPI 3.1 document the reference page reads (the server writes the rest too). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string; 'x-displayName'?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<
      string,
      { type: string; scheme?: string; in?: string; name?: string; description?: string }
    >;
  };
}

/** One operation with where it lives. */
export interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

export const documentUrl = '/api/openapi.json';

export async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await fetch(documentUrl, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`The API document could not be loaded (HTTP ${res.status})`);
  return (await res.json()) as OpenApiDocument;
}

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation, grouped by its tag, in path order. */
export function endpointsByTag(document: OpenApiDocument): Map<string, Endpoint[]> {
  const groups = new Map<string, Endpoint[]>();
  for (const tag of document.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methodOrder) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)?.push({ method, path, operation });
    }
  }
  return groups;
}

/** The schema a `$ref` names in the document's components (one level; the view recurses). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name] ?? {};
}

export function resolveResponse(document: OpenApiDocument, response: ResponseObject): ResponseObject {
  if (!response.$ref) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  return document.components?.responses?.[name] ?? {};
}

/** A short type label: "string (uuid)", "integer", "Lead[]", "string | null". */
export function typeLabel(document: OpenApiDocument, schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeLabel(document, variant)).join(' | ');
  if (schema.type === 'array') return `${schema.items ? typeLabel(document, schema.items) : 'any'}[]`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(' | ')
    : (schema.type ?? (schema.enum ? 'enum' : 'any'));
  return schema.format ? `${type} (${schema.format})` : type;
}

export interface TryItRequest {
  method: string;
  path: string;
  pathValues: Record<string, string>;
  query: string;
  body: string;
  apiKey: string;
}

export interface TryItAnswer {
  status: number;
  statusText: string;
  body: string;
  contentType: string;
}

/**
 * Sends a request as the reference's "Try it": with the API key as a Bearer token, or with the
 * browser's own session cookie when no key is given (same origin).
 */
export async function sendRequest(request: TryItRequest): Promise<TryItAnswer> {
  const path = request.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(request.pathValues[name] ?? ''),
  );
  const query = request.query.trim().replace(/^\?/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.apiKey.trim()) headers.authorization = `Bearer ${request.apiKey.trim()}`;
  const hasBody = request.body.trim() !== '' && request.method !== 'get';
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${path}${query ? `?${query}` : ''}`, {
    method: request.method.toUpperCase(),
    headers,
    body: hasBody ? request.body : undefined,
    credentials: request.apiKey.trim() ? 'omit' : 'same-origin',
  });
  const contentType = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return { status: res.status, statusText: res.statusText, contentType, body: prettyJson(text, contentType) };
}

function prettyJson(text: string, contentType: string): string {
  if (!contentType.includes('json')) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
