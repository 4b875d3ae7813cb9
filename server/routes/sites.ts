import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { docs, typed } from './schemas';

/** Website sources (`cms sync <URL>`): thin; the record and the list are core/sync/site-runs.ts. */

const doc = docs('sites');

export default async function siteRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/sites', {
    schema: doc('Synced websites: each with its pages (items synced from it) and its last run', { 200: T.Array(S.SiteSummary) }),
  }, () => product.sites());
  app.post('/api/sites/runs', {
    schema: { ...doc('Record a run of a website sync (cms sync <URL> records each of its runs)', { 200: S.SiteRun }), body: S.SiteRunInput },
  }, (request) => product.recordSiteRun(request.body));
}
