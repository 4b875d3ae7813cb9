import path from 'node:path';
import { sniffFile } from '../ingest/sniff';
import type { ContentType } from '../types';

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
  const found = await sniffFile(file);
  const { description } = found;
  const unsupported = { skip: `not a PDF, DOCX, PPTX, MP4 or image file: its content is ${description}`, description };
  switch (found.kind) {
    case 'pdf':
    case 'docx':
      return { type: 'document', description };
    case 'pptx':
      return { type: 'presentation', description };
    case 'mp4':
      return { type: 'video', description };
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
      return { type: 'image', description };
    case 'zip': {
      const ext = path.extname(fileName).toLowerCase();
      if (found.damaged && ext === '.docx') return { type: 'document', description };
      if (found.damaged && ext === '.pptx') return { type: 'presentation', description };
      return unsupported;
    }
    case 'unknown':
      return unsupported;
    default: {
      const never: never = found.kind;
      return { skip: `not a supported type (${String(never)})`, description };
    }
  }
}
