import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { SITES } from '../api/organisation';
import { serveApi } from './serve-api';

/** Website sources (`cms sync <URL>`): thin; the record and the list are core/features/sync/site-runs.ts. */
export default async function siteRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  await serveApi(fastify, services.product, SITES);
}
