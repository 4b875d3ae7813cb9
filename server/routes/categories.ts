import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { Type as T } from 'typebox';
import { docs, Empty, IdParams, typed } from './schemas';

const CategoryBody = T.Object({
  name: T.Optional(T.String({ maxLength: 1000 })),
  description: T.Optional(S.Nullable(T.String({ maxLength: 5000 }))),
  isActive: T.Optional(T.Boolean()),
});

const doc = docs('categories');

export default async function categoryRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/categories', { schema: doc('List categories', { 200: T.Array(S.Category) }) }, () => product.categories());
  app.post('/api/categories', { schema: { ...doc('Create a category', { 201: S.Category }), body: CategoryBody } }, async (request, reply) =>
    reply.status(201).send(await product.createCategory(request.body ?? {})),
  );
  app.patch('/api/categories/:id', { schema: { ...doc('Edit a category', { 200: S.Category }), params: IdParams, body: CategoryBody } }, (request) =>
    product.updateCategory(request.params.id, request.body ?? {}),
  );
  app.delete('/api/categories/:id', { schema: { ...doc('Delete a category', { 204: Empty }), params: IdParams } }, async (request, reply) => {
    await product.removeCategory(request.params.id);
    return reply.status(204).send();
  });
}
