import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { TRANSLATIONS } from '../api/translations';
import { serveApi } from './serve-api';

/** Translation requests on documents, presentations and videos, the translation records, and the glossary. */
export default async function translationRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  await serveApi(fastify, services.product, TRANSLATIONS);
}
