import { kindsFor } from '../../formats/index';
import type { ContentType } from '../../foundation/types';

/** The file kinds each item type accepts (checked at upload and again by the ingest job): from the format registry. */
export const ACCEPTED: Record<ContentType, string[]> = {
  document: kindsFor('document'),
  presentation: kindsFor('presentation'),
  video: kindsFor('video'),
};
