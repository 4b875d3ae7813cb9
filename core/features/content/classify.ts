import path from 'node:path';
import { formatOfKind, formatOfName, FORMATS } from '../../formats/index';
import { sniffFile } from '../../formats/sniff';
import type { ContentType } from '../../foundation/types';

/** What an uploaded file becomes: a document, presentation or video, or a support image. */
export type UploadKind = ContentType | 'image';
export type Classification = ({ type: UploadKind } | { skip: string }) & { description: string };

/**
 * Picks the kind from what the file is, not its name: PDF and DOCX are
 * documents, PPTX presentations, MP4 videos, PNG/JPEG/GIF/WebP support
 * images. An Office file whose ZIP is damaged keeps the type its name
 * claims, so the import reports it as corrupt instead of skipping it.
 */
export async function classifyFile(file: string, fileName = file): Promise<Classification> {
  const found = await sniffFile(file, fileName);
  const { description } = found;
  const format = formatOfKind(found.kind);
  if (format) return { type: format.itemType, description };
  // An Office file whose ZIP is damaged keeps the type its name claims.
  const named = found.kind === 'zip' && found.damaged ? formatOfName(path.basename(fileName)) : undefined;
  if (named?.zipPackage && named.itemType !== 'image') return { type: named.itemType, description };
  const names = FORMATS.filter((f) => f.itemType !== 'image').map((f) => f.extensions[0]!.slice(1).toUpperCase());
  return { skip: `not a ${names.join(', ')} or image file: its content is ${description}`, description };
}
