import type { FastifyRequest } from 'fastify';
import type { PublicGate, PublicRouteGroup } from '../core/product/index';

/**
 * onRequest hook for a group of public routes: at most PUBLIC_RATE_LIMIT
 * requests a minute from one client address (counted in the shared store,
 * so the budget holds across servers). Answers 429 with Retry-After.
 */
export function limitPublic(gate: PublicGate, group: PublicRouteGroup) {
  return async (request: FastifyRequest) => {
    await gate.admit(group, request.ip);
  };
}
