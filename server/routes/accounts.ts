import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { ACCOUNTS } from '../api/accounts';
import { serveApi } from './serve-api';

/** Named users and API tokens (docs/API.md "Users and tokens"): admin only, by core's guard. */
export default async function accountRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  await serveApi(fastify, services.product, ACCOUNTS);
}
