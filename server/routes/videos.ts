import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { sendObject } from '../send-object';
import { readUpload } from '../upload';
import { docs, Download, Empty, IdParams, MULTIPART, sendPage, typed, UploadForm } from './schemas';

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
  app.delete('/api/videos/:id', { schema: { ...doc('Delete a video with its files, images and index entries', { 204: Empty }), params: IdParams } }, async (request, reply) => {
    await product.remove(request.params.id, 'video');
    return reply.status(204).send();
  });
  for (const [action, disposition, summary] of [['play', 'inline', 'Play a video (inline, HTTP ranges)'], ['download', 'attachment', 'Download a video']] as const) {
    app.get(`/api/videos/:id/${action}`, { schema: { ...doc(summary, Download), params: IdParams } }, async (request, reply) => {
      const v = await product.item('video', request.params.id);
      return sendObject(product, v.fileKey, request, reply, { disposition, fileName: v.fileName });
    });
  }
  app.get('/api/videos/:id/transcript', {
    schema: { ...doc('A video\'s timed transcript, its WebVTT and its translated versions', { 200: S.VideoTranscriptView }), params: IdParams },
  }, (request) => product.transcript(request.params.id));
  app.post('/api/videos/:id/transcribe', {
    schema: {
      ...doc('Transcribe a video again, optionally in another spoken language (language) or with a chosen provider (endpoint|offline)', { 202: S.Video }),
      params: IdParams, body: S.TranscribeInput,
    },
  }, async (request, reply) => reply.status(202).send(await product.transcribe(request.params.id, request.body ?? {})));
  app.put('/api/videos/:id/transcript', {
    schema: {
      ...doc('Save edited cues as a new version of the transcript (re-indexed, translated subtitles made again; the original is kept)', { 200: S.VideoTranscriptView }),
      params: IdParams, body: S.CueList,
    },
  }, (request) => product.saveTranscript(request.params.id, request.body.cues));
  app.post('/api/videos/:id/retry', { schema: { ...doc('Retry a failed video', { 200: S.Video }), params: IdParams } }, async (request) =>
    (await product.retry(request.params.id, 'video')).item,
  );
}
