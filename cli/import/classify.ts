import path from 'node:path';
import { sniffFile } from '../../core/ingest/sniff';
import type { ContentType } from '../../core/types';

export type Classification = { type: ContentType } | { skip: string };

/**
 * Picks the content type from what the file is, not its name: PDF and DOCX
 * are documents, PPTX presentations, MP4 videos. An Office file whose ZIP is
 * damaged keeps the type its name claims, so the import reports it as
 * corrupt instead of skipping it.
 */
export async function classify(file: string): Promise<Classification> {
  const found = await sniffFile(file);
  switch (found.kind) {
    case 'pdf':
    case 'docx':
      return { type: 'document' };
    case 'pptx':
      return { type: 'presentation' };
    case 'mp4':
      return { type: 'video' };
    case 'zip': {
      const ext = path.extname(file).toLowerCase();
      if (found.damaged && ext === '.docx') return { type: 'document' };
      if (found.damaged && ext === '.pptx') return { type: 'presentation' };
      return { skip: `not a PDF, DOCX, PPTX or MP4 file: its content is ${found.description}` };
    }
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
    case 'unknown':
      return { skip: `not a PDF, DOCX, PPTX or MP4 file: its content is ${found.description}` };
    default: {
      const never: never = found.kind;
      return { skip: `not a supported type (${String(never)})` };
    }
  }
}
