import type { FastifyInstance } from 'fastify';
import { createCategory, deleteCategory, updateCategory, type CategoryInput } from '../../core/content/categories';
import type { Services } from '../../core/services';
import { idParams, type IdParams } from './schemas';

const categoryBody = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 1000 },
    description: { type: ['string', 'null'], maxLength: 5000 },
    isActive: { type: 'boolean' },
  },
} as const;

export default async function categoryRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { catalog } = services;
  app.get('/api/categories', async () => catalog.categories.list());
  app.post<{ Body: CategoryInput }>('/api/categories', { schema: { body: categoryBody } }, async (request, reply) =>
    reply.status(201).send(createCategory(catalog, request.body ?? {})),
  );
  app.patch<{ Params: IdParams; Body: CategoryInput }>('/api/categories/:id', { schema: { params: idParams, body: categoryBody } }, async (request) =>
    updateCategory(catalog, request.params.id, request.body ?? {}),
  );
  app.delete<{ Params: IdParams }>('/api/categories/:id', { schema: { params: idParams } }, async (request, reply) => {
    deleteCategory(catalog, request.params.id);
    return reply.status(204).send();
  });
}
