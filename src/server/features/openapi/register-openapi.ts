import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { sessionCookieName } from '../../plugins/session';
import type { RouteAccess } from '../../plugins/route-access';
import { operationIdOf, summaryOf, tagOf, tagTitle } from './describe-operation';
import { isDocumentedRoute, openApiDocumentPath } from './documented-routes';
import { errorResponses, errorSchema, errorStatusesOf } from './error-responses';
import { documentedResponses, operationExamples, tagDescriptions } from './resource-responses';
import { registerApiReference } from './api-reference';

const zodTransform = createJsonSchemaTransform({
  skipList: [],
  zodToJsonConfig: { unrepresentable: 'throw' },
});
/**
 * For a schema zod cannot express in JSON Schema (a custom check, a transform of an output): the
 * parts it cannot express become "any" and the operation is marked `x-schema-incomplete`, so the
 * document is still served; openapi.test.ts fails on the mark, so such a schema gets fixed.
 */
const lenientZodTransform = createJsonSchemaTransform({ skipList: [] });
const zodTransformObject = createJsonSchemaTransformObject({});

/** Which request schemas a route declares: openapi.test.ts checks each is documented. */
export interface RouteRequestSchemas {
  method: string;
  url: string;
  parts: ('body' | 'querystring' | 'params')[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeRequestSchemas: RouteRequestSchemas[];
  }
}

/** What the transform notes per operation for completeDocument, by operationId. */
interface TransformNotes {
  /** Operations whose schemas were documented leniently (see lenientZodTransform). */
  incomplete: Set<string>;
  /** Free-form query schemas, set aside by the transform (see there). */
  freeFormQueries: Map<string, OpenAPIV3_1.SchemaObject>;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The OpenAPI 3.1 document at /api/openapi.json and the reference at /api/docs (issue 19).
 * Registered before the feature routes, so it sees every route as it is added. Request schemas
 * come from the routes' zod schemas (as the input they accept); response schemas of the main
 * resources are documentation only (resource-responses.ts; openapi.test.ts checks real answers).
 */
export async function registerOpenApi(app: FastifyInstance, clientDir?: string): Promise<void> {
  const requestSchemas: RouteRequestSchemas[] = [];
  const routes: RouteOptions[] = [];
  app.decorate('routeRequestSchemas', requestSchemas);
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const parts = (['body', 'querystring', 'params'] as const).filter((part) => schema[part] !== undefined);
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD',
    );
    for (const method of methods) requestSchemas.push({ method, url: route.url, parts });
    if (methods.length > 0) routes.push({ ...route, method: methods });
  });

  // Built and written once, on the first call: every route is registered by then (~0.5 s, 330 KB).
  let documentJson: Promise<string> | undefined;
  app.get(openApiDocumentPath, { config: { access: 'public' } }, async (_request, reply) => {
    documentJson ??= buildOpenApiDocument(routes, app.log).then(
      (document) => JSON.stringify(document),
      (error: unknown) => {
        documentJson = undefined; // the next call tries again
        throw error;
      },
    );
    return reply.type('application/json; charset=utf-8').send(await documentJson);
  });
  await registerApiReference(app, clientDir);
}

/**
 * The document of the routes as @fastify/swagger writes it, from an instance of their own that
 * only documents them. @fastify/swagger (and the YAML writer it loads) then loads with the first
 * call for the document instead of with every start (issue 21 §5): about 0.05 s.
 */
async function buildOpenApiDocument(routes: RouteOptions[], log: FastifyBaseLogger) {
  const { default: fastifySwagger } = await import('@fastify/swagger');
  const notes: TransformNotes = { incomplete: new Set(), freeFormQueries: new Map() };
  const documenting = Fastify({ exposeHeadRoutes: false });
  // Nothing is answered here: schemas are read, never compiled.
  documenting.setValidatorCompiler(() => () => true);
  documenting.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await documenting.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Locus CRM API',
        version: '1.0.0',
        description:
          'The Locus CRM API: the same /api routes the app uses, scoped to the organization of the API key ' +
          '(or session) that calls them. Send `Authorization: Bearer <key>` with a key created under ' +
          'Integrations → API keys; its level (read, write, admin) limits what it may do. Lists are ' +
          'keyset-paginated (`cursor`); errors share one shape (`Error`).',
      },
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key',
            description: 'An API key: `Authorization: Bearer <key>`. No cookie, so no same-origin check.',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName,
            description:
              'The signed-in session of the web app. Writes with a cookie must come from the app’s own origin.',
          },
        },
      },
      security: [{ apiKey: [] }, { session: [] }],
    },
    transform: (document) => {
      const { route, url } = document;
      const access = route.config?.access as RouteAccess | undefined;
      if (!isDocumentedRoute(access)) return { schema: { hide: true } as never, url };
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
      const key = `${method} ${url}`;
      const own = (route.schema ?? {}) as Record<string, unknown>;
      const response = documentedResponses[key];
      const schema = {
        ...own,
        tags: own.tags ?? [tagOf(url)],
        summary: own.summary ?? summaryOf(method, url),
        operationId: operationIdOf(method, url),
        ...(response ? { response: { ...response, ...(own.response as object) } } : {}),
      };
      let transformed: ReturnType<typeof zodTransform>;
      try {
        transformed = zodTransform({ ...document, schema: schema as never });
      } catch (error) {
        log.warn({ err: error, route: key }, 'OpenAPI: a schema cannot be fully documented');
        notes.incomplete.add(schema.operationId);
        transformed = lenientZodTransform({ ...document, schema: schema as never });
      }
      const query = (transformed.schema as { querystring?: OpenAPIV3_1.SchemaObject }).querystring;
      if (query && !query.properties) {
        // A free-form query (a record): @fastify/swagger would list the schema's keywords as
        // parameters, so it becomes one exploded object parameter (completeDocument).
        notes.freeFormQueries.set(schema.operationId, query);
        delete (transformed.schema as { querystring?: unknown }).querystring;
      }
      return transformed;
    },
    transformObject: (document) =>
      completeDocument(zodTransformObject(document) as OpenAPIV3_1.Document, notes),
  });
  for (const { method, url, schema, config } of routes) {
    documenting.route({ method, url, schema, config, handler: async () => null });
  }
  await documenting.ready();
  try {
    return documenting.swagger() as OpenAPIV3_1.Document;
  } finally {
    await documenting.close();
  }
}

/** Adds what the routes do not say themselves: error answers, tags with descriptions, examples. */
function completeDocument(document: OpenAPIV3_1.Document, notes: TransformNotes): OpenAPIV3_1.Document {
  const components = document.components ?? {};
  components.schemas = { ...components.schemas, Error: errorSchema };
  components.responses = Object.fromEntries(
    Object.values(errorResponses).map(({ name, description, example }) => [
      name,
      {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
      },
    ]),
  );
  document.components = components;

  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = item?.[method];
      if (!operation) continue;
      for (const tag of operation.tags ?? []) tags.add(tag);
      const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      if (operation.operationId && notes.incomplete.has(operation.operationId)) {
        Object.assign(operation, { 'x-schema-incomplete': true });
      }
      const freeForm = operation.operationId && notes.freeFormQueries.get(operation.operationId);
      if (freeForm) {
        const schema = freeForm as OpenAPIV3_1.ParameterObject['schema'];
        operation.parameters = [
          ...parameters,
          { name: 'query', in: 'query', style: 'form', explode: true, schema },
        ];
      }
      const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const hasInput = parameters.length > 0 || body !== undefined;
      for (const status of errorStatusesOf(method, path, hasInput, body !== undefined)) {
        operation.responses ??= {};
        operation.responses[status] ??= { $ref: `#/components/responses/${errorResponses[status].name}` };
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const described = response as OpenAPIV3_1.ResponseObject;
        if (described.description === 'Default Response')
          described.description = successDescriptions[status] ?? 'Success';
      }
      addExamples(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  dropUnreferencedSchemas(document);
  document.tags = [...tags].toSorted().map((name) => ({
    name,
    'x-displayName': tagTitle(name),
    ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
  }));
  return document;
}

/** The request and response examples of an operation (resource-responses.ts), on their media types. */
function addExamples(key: string, operation: OpenAPIV3_1.OperationObject) {
  const examples = operationExamples[key.replace(/\{([^}]+)\}/g, ':$1')];
  if (!examples) return;
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const requestMedia = body?.content['application/json'];
  if (requestMedia && examples.request) requestMedia.example = examples.request;
  for (const [status, example] of Object.entries(examples.responses ?? {})) {
    const media = (operation.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined)?.content?.[
      'application/json'
    ];
    if (media) media.example = example;
  }
}

const successDescriptions: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted' };

/**
 * zod makes an input and an output version of every registered schema; response schemas are only
 * ever output, so their unused "…Input" twins (and anything else nothing refers to) are dropped.
 */
function dropUnreferencedSchemas(document: OpenAPIV3_1.Document) {
  const schemas = document.components?.schemas ?? {};
  for (let changed = true; changed; ) {
    changed = false;
    const text = JSON.stringify([document.paths, document.components?.responses, schemas]);
    const referenced = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    for (const name of Object.keys(schemas)) {
      if (name !== 'Error' && !referenced.has(name)) {
        delete schemas[name];
        changed = true;
      }
    }
  }
}
