import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { CATEGORIES } from '../api/organisation';
import { serveApi } from './serve-api';

export default async function categoryRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  await serveApi(fastify, services.product, CATEGORIES);
}
