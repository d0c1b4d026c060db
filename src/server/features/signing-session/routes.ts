import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../../app';

/** The signer's side (issue 17): public routes reached with a link's token, no account. */
export async function signingSessionRoutes(_base: FastifyInstance, _options: FeatureOptions) {}
