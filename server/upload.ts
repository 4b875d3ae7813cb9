import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Edge, UploadInput } from '../core/product/index';
import { receiveUpload } from './multipart';

/** The spooled temp file of each request that received one: removed once the answer is sent, whatever refused it (a role, a field, the disk). */
const spooled = new WeakMap<FastifyRequest, { path: string; fileName: string; mimeType: string; size: number; sha256: string }>();

/** Reads a multipart upload into the product's upload input (the fields go to core as received). */
export async function readUpload<K extends UploadInput['kind']>(request: FastifyRequest, services: Edge, kind: K): Promise<UploadInput & { kind: K }> {
  const { fields, file } = await receiveUpload(request, { maxBytes: services.config.uploads.maxBytes, tmpDir: services.tmpDir, spool: services.spool });
  spooled.set(request, file);
  return {
    kind, fields, actor: request.actor ?? undefined,
    file: { path: file.path, fileName: file.fileName, spooled: { size: file.size, sha256: file.sha256, mimeType: file.mimeType } },
  };
}

/** Before each answer goes out: a temp file core did not take (it removes what it stores) is removed, so a refused upload leaves nothing in DATA_DIR/tmp. */
export function removeUploadsLeft(app: FastifyInstance, services: Edge) {
  app.addHook('onSend', async (request, _reply, payload) => {
    const file = spooled.get(request);
    if (file) {
      spooled.delete(request);
      await services.spool.discard({ ...file, temporary: true }).catch(() => {});
    }
    return payload;
  });
}
