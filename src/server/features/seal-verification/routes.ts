import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../../app';

/** Evidence exports and the public verification of sealed documents (issue 18). */
export async function sealVerificationRoutes(_base: FastifyInstance, _options: FeatureOptions) {}
