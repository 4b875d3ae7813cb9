import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import type { ContentType } from '../../core/types';
import { actorOf } from '../auth';
import { readUpload } from '../upload';
import { docs, MULTIPART, typed } from './schemas';

/** Versions of an item's file (docs/API.md "Versions"): thin; the rules are in core/governance/versions.ts. */

const BASES: Array<{ base: string; type?: ContentType; name: string }> = [
  { base: '/api/items', name: 'a item (any kind)' }, { base: '/api/documents', type: 'document', name: 'a document' },
  { base: '/api/presentations', type: 'presentation', name: 'a presentation' }, { base: '/api/videos', type: 'video', name: 'a video' },
];
const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 'on';
const doc = docs('versions');
const VersionParams = T.Object({ id: T.Integer({ minimum: 1 }), n: T.Integer({ minimum: 1 }) });
const VersionForm = T.Object({
  file: T.String({ format: 'binary' }), approve: T.Optional(T.Boolean()),
  syncSource: T.Optional(T.String({ description: 'Set by folder sync: where the file came from (JSON)' })),
});

export default async function versionRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  for (const { base, type, name } of BASES) {
    // Multipart like an upload (field `file`, optional `approve`): same checks of the file's real type.
    app.post(`${base}/:id/replace`, {
      schema: {
        ...doc(`Replace the file of ${name} with a new version (multipart: file, approve?): same id and URLs; the approved version stays public until the new one is processed and approved (admin, editor)`,
          { 200: S.VersionResult }),
        params: S.IdParams, [MULTIPART]: VersionForm,
      },
    }, async (request) => {
      const up = await readUpload(request, services, type ?? 'any');
      return product.replace(request.params.id, { file: up.file, type, approve: truthy(up.fields.approve), syncSource: up.fields.syncSource as string | undefined, actor: actorOf(request) });
    });
    app.get(`${base}/:id/versions`, {
      schema: { ...doc(`The versions of ${name}'s file, oldest first`, { 200: T.Array(S.ItemVersion) }), params: S.IdParams },
    }, (request) => product.versions(request.params.id, type));
    app.post(`${base}/:id/versions/:n/restore`, {
      schema: {
        ...doc('Bring back version n\'s file as a new version (processed and reviewed like a replacement; approve: true for reviewers/admins)', { 200: S.VersionResult }),
        params: VersionParams, body: S.Nullable(T.Object({ approve: T.Optional(T.Boolean()) }, { additionalProperties: false })),
      },
    }, (request) => product.restoreVersion(request.params.id, request.params.n, { type, approve: !!request.body?.approve, actor: actorOf(request) }));
  }
}
