import type { FastifyInstance } from 'fastify';
import type { CategoryInput, Edge } from '../../core/product/index';
import { idParams, type IdParams } from './schemas';

const categoryBody = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 1000 },
    description: { type: ['string', 'null'], maxLength: 5000 },
    isActive: { type: 'boolean' },
  },
} as const;

export default async function categoryRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get('/api/categories', () => product.categories());
  app.post<{ Body: CategoryInput }>('/api/categories', { schema: { body: categoryBody } }, async (request, reply) =>
    reply.status(201).send(await product.createCategory(request.body ?? {})),
  );
  app.patch<{ Params: IdParams; Body: CategoryInput }>('/api/categories/:id', { schema: { params: idParams, body: categoryBody } }, (request) =>
    product.updateCategory(request.params.id, request.body ?? {}),
  );
  app.delete<{ Params: IdParams }>('/api/categories/:id', { schema: { params: idParams } }, async (request, reply) => {
    await product.removeCategory(request.params.id);
    return reply.status(204).send();
  });
}
