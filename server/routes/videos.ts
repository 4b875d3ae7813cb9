import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { sendObject } from '../send-object';
import { readUpload } from '../upload';
import { ITEMS_BY_KIND, TRANSCRIPTS } from '../api/items';
import { docs, Download, IdParams, MULTIPART, sendPage, typed, UploadForm } from './schemas';
import { serveApi } from './serve-api';

const doc = docs('videos');
const ListQuery = T.Object({ subcategory: T.Optional(T.String({ description: 'broadcast, podcast or learning_resources' })), ...S.PageQuery.properties });

export default async function videoRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/videos', { schema: { ...doc('List videos (a page, by id)', { 200: T.Array(S.Video) }), querystring: ListQuery } }, async (request, reply) =>
    sendPage(reply, await product.listPage('video', request.query)),
  );
  app.post('/api/videos', {
    schema: { ...doc('Upload a video (multipart; ingestion runs as a job)', { 201: S.Video }), [MULTIPART]: UploadForm.video },
  }, async (request, reply) => reply.status(201).send((await product.upload(await readUpload(request, services, 'video'))).item));
  await serveApi(fastify, product, [...ITEMS_BY_KIND.video, ...TRANSCRIPTS]);
  for (const [action, disposition, summary] of [['play', 'inline', 'Play a video (inline, HTTP ranges)'], ['download', 'attachment', 'Download a video']] as const) {
    app.get(`/api/videos/:id/${action}`, { schema: { ...doc(summary, Download), params: IdParams } }, async (request, reply) => {
      const v = await product.item('video', request.params.id);
      return sendObject(product, v.fileKey, request, reply, { disposition, fileName: v.fileName });
    });
  }
}
