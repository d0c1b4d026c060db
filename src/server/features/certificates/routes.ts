import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../../app';

/** Organization sealing certificates and the platform CA chain (issue 18). */
export async function certificateRoutes(_base: FastifyInstance, _options: FeatureOptions) {}
