import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import { actorOf } from '../auth';
import { readUpload } from '../upload';
import { VERSIONED, VERSIONS, VersionResult } from '../api/review';
import { docs, IdParams, MULTIPART, typed } from './schemas';
import { serveApi } from './serve-api';

/** Versions of an item's file (docs/API.md "Versions"): thin; the rules are in core/features/governance/versions.ts. */

const doc = docs('versions');
const ReplaceForm = T.Object({
  file: T.String({ format: 'binary', description: 'The new file (same kind as the item; checked like an upload)' }),
  approve: T.Optional(T.String({ description: 'true: approve the new version now (reviewer or admin): live once processed' })),
  syncSource: T.Optional(T.String({ description: 'JSON {root, path, sha256, size, mtimeMs}: set by cms sync' })),
});
const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 'on';

export default async function versionRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  for (const { base, type, name } of VERSIONED) {
    app.post(`${base}/:id/replace`, {
      schema: {
        ...doc(`Replace the file of ${name} with a new version (multipart): same id and URLs; the approved version stays public until the new one is processed and approved (admin, editor)`, { 200: VersionResult }),
        params: IdParams, [MULTIPART]: ReplaceForm,
      },
    }, async (request) => {
      const up = await readUpload(request, services, type ?? 'any');
      return product.replace(request.params.id, { file: up.file, type, approve: truthy(up.fields.approve), syncSource: up.fields.syncSource as string | undefined, actor: actorOf(request) });
    });
  }
  await serveApi(fastify, product, VERSIONS);
}
