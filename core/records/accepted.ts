import type { SniffKind } from '../ingest/sniff';
import type { ContentType } from '../types';

/** The file kinds each item type accepts (checked at upload and again by the ingest job). */
export const ACCEPTED: Record<ContentType, SniffKind[]> = {
  document: ['pdf', 'docx'],
  presentation: ['pptx'],
  video: ['mp4'],
};
