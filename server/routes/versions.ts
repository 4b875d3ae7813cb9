import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import type { ContentType } from '../../core/types';
import { actorOf } from '../auth';
import { readUpload } from '../upload';
import { idParams, type IdParams } from './schemas';

/** Versions of an item's file (docs/API.md "Versions"): thin; the rules are in core/governance/versions.ts. */

const BASES: Array<{ base: string; type?: ContentType }> = [
  { base: '/api/items' }, { base: '/api/documents', type: 'document' }, { base: '/api/presentations', type: 'presentation' }, { base: '/api/videos', type: 'video' },
];
const versionParams = { type: 'object', required: ['id', 'n'], properties: { id: { type: 'integer', minimum: 1 }, n: { type: 'integer', minimum: 1 } } } as const;
const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 'on';

export default async function versionRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  for (const { base, type } of BASES) {
    // Multipart like an upload (field `file`, optional `approve`): same checks of the file's real type.
    app.post<{ Params: IdParams }>(`${base}/:id/replace`, { schema: { params: idParams } }, async (request) => {
      const up = await readUpload(request, services, type ?? 'any');
      return product.replace(request.params.id, { file: up.file, type, approve: truthy(up.fields.approve), actor: actorOf(request) });
    });
    app.get<{ Params: IdParams }>(`${base}/:id/versions`, { schema: { params: idParams } }, (request) => product.versions(request.params.id, type));
    app.post<{ Params: IdParams & { n: number }; Body: { approve?: boolean } | undefined }>(`${base}/:id/versions/:n/restore`, {
      schema: { params: versionParams, body: { type: ['object', 'null'], additionalProperties: false, properties: { approve: { type: 'boolean' } } } },
    }, (request) => product.restoreVersion(request.params.id, request.params.n, { type, approve: !!request.body?.approve, actor: actorOf(request) }));
  }
}
