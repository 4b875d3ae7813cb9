import type { FastifyRequest } from 'fastify';
import type { Edge, UploadInput } from '../core/product/index';
import { receiveUpload } from './multipart';

/** Reads a multipart upload into the product's upload input (the fields go to core as received). */
export async function readUpload<K extends UploadInput['kind']>(request: FastifyRequest, services: Edge, kind: K): Promise<UploadInput & { kind: K }> {
  const { fields, file } = await receiveUpload(request, { maxBytes: services.config.uploads.maxBytes, tmpDir: services.tmpDir, spool: services.spool });
  return {
    kind, fields, actor: request.actor ?? undefined,
    file: { path: file.path, fileName: file.fileName, spooled: { size: file.size, sha256: file.sha256, mimeType: file.mimeType } },
  };
}
