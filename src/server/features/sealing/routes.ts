import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../../app';

/** Sealing completed signature requests: retrying a failed seal (issue 18). */
export async function sealingRoutes(_base: FastifyInstance, _options: FeatureOptions) {}
