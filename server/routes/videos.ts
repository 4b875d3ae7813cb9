import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { sendObject } from '../send-object';
import { readUpload } from '../upload';
import { idParams, type IdParams } from './schemas';

const transcribeBody = {
  type: ['object', 'null'], additionalProperties: false,
  properties: { language: { type: ['string', 'null'], maxLength: 40 }, provider: { type: ['string', 'null'], enum: ['endpoint', 'offline', null] } },
} as const;
const transcriptBody = {
  type: 'object', required: ['cues'], additionalProperties: false,
  properties: {
    cues: {
      type: 'array', minItems: 1, maxItems: 20_000,
      items: {
        type: 'object', required: ['start', 'end', 'text'],
        properties: { id: { type: 'string', maxLength: 40 }, start: { type: 'number', minimum: 0 }, end: { type: 'number', minimum: 0 }, text: { type: 'string', maxLength: 2000 } },
      },
    },
  },
} as const;

export default async function videoRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get<{ Querystring: { subcategory?: string } }>('/api/videos', (request) => product.items('video', { subcategory: request.query.subcategory }));
  app.post('/api/videos', async (request, reply) =>
    reply.status(201).send((await product.upload(await readUpload(request, services, 'video'))).item),
  );
  app.delete<{ Params: IdParams }>('/api/videos/:id', { schema: { params: idParams } }, async (request, reply) => {
    await product.remove(request.params.id, 'video');
    return reply.status(204).send();
  });
  for (const [action, disposition] of [['play', 'inline'], ['download', 'attachment']] as const) {
    app.get<{ Params: IdParams }>(`/api/videos/:id/${action}`, { schema: { params: idParams } }, async (request, reply) => {
      const v = await product.item('video', request.params.id);
      return sendObject(product, v.fileKey, request, reply, { disposition, fileName: v.fileName });
    });
  }
  app.get<{ Params: IdParams }>('/api/videos/:id/transcript', { schema: { params: idParams } }, (request) => product.transcript(request.params.id));
  app.post<{ Params: IdParams; Body: { language?: string | null; provider?: 'endpoint' | 'offline' | null } }>('/api/videos/:id/transcribe', {
    schema: { params: idParams, body: transcribeBody },
  }, async (request, reply) => reply.status(202).send(await product.transcribe(request.params.id, request.body ?? {})));
  app.put<{ Params: IdParams; Body: { cues: Array<{ id?: string; start: number; end: number; text: string }> } }>('/api/videos/:id/transcript', {
    schema: { params: idParams, body: transcriptBody },
  }, (request) => product.saveTranscript(request.params.id, request.body.cues));
  app.post<{ Params: IdParams }>('/api/videos/:id/retry', { schema: { params: idParams } }, async (request) =>
    (await product.retry(request.params.id, 'video')).item,
  );
}
