import type { BotImage, Document, Presentation, Video } from '@core/foundation/types';
import { uploadForm } from '../../../lib/api-client';
import { appendGoverned, type UploadFormState } from '../upload-form-state';

export type AnyUploadResult =
  | { kind: 'document'; item: Document }
  | { kind: 'presentation'; item: Presentation }
  | { kind: 'video'; item: Video }
  | { kind: 'image'; item: BotImage };

/**
 * POST /api/content/upload (multipart): "other" content with its file; the
 * server decides from the content whether it is a document, presentation,
 * video or support image.
 */
export function uploadAny(state: UploadFormState, file: File, onProgress?: (f: number) => void): Promise<AnyUploadResult> {
  const form = new FormData();
  form.append('title', state.title);
  form.append('description', state.description);
  form.append('needsTranslation', String(state.needsTranslation));
  form.append('targetLanguage', state.needsTranslation ? state.targetLanguage : '');
  if (state.category) form.append('categoryId', state.category);
  form.append('tags', state.tags);
  form.append('hasSpeech', String(state.hasSpeech));
  appendGoverned(form, state);
  form.append('file', file);
  return uploadForm<AnyUploadResult>('/api/content/upload', form, { onProgress });
}
