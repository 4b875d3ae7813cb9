import { classifyFile } from '../compose';
import type { ContentType } from '../../core/foundation/types';

export type Classification = { type: ContentType } | { skip: string };

/** The core classification, less support images, which are added from the console. */
export async function classify(file: string): Promise<Classification> {
  const c = await classifyFile(file);
  if ('skip' in c || c.type === 'image') return { skip: `not a PDF, DOCX, PPTX or MP4 file: its content is ${c.description}` };
  return { type: c.type };
}
