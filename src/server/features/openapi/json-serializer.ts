import type { FastifySerializerCompiler } from 'fastify';

/**
 * The serializer for routes that declare response schemas: plain JSON.stringify. Response schemas
 * are documentation (the OpenAPI document); the presenters already shape every answer, and a zod
 * parse per response (fastify-type-provider-zod's serializerCompiler) would cost CPU and strip
 * fields a schema forgot. openapi.test.ts checks real answers against the documented schemas.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
