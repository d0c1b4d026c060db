import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../../app';

/** The sender's side of signing (issue 17): requests, recipients, fields, workflows, shares. */
export async function signatureRequestRoutes(_base: FastifyInstance, _options: FeatureOptions) {}
