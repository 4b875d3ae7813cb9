import type { Document } from '@core/foundation/types';
import { isApiError, uploadForm } from '../../../lib/api-client';
import { appendGoverned, type UploadFormState } from '../upload-form-state';

export interface UploadDocumentInput {
  file: File;
  title: string;
  description: string;
  status?: string;
  needsTranslation: boolean;
  targetLanguage: string;
  categoryId?: number | null;
  governed?: Pick<UploadFormState, 'approve' | 'audience' | 'validUntil'>;
}

/** POST /api/documents (multipart). Failure: "Upload failed: {status} {response text}". */
export async function uploadDocument(input: UploadDocumentInput, onProgress?: (f: number) => void): Promise<Document> {
  const form = new FormData();
  form.append('file', input.file);
  form.append('title', input.title);
  form.append('description', input.description ?? '');
  form.append('status', input.status ?? 'pending');
  form.append('needsTranslation', input.needsTranslation ? 'true' : 'false');
  form.append('targetLanguage', input.needsTranslation ? input.targetLanguage : '');
  if (input.categoryId) form.append('categoryId', String(input.categoryId));
  if (input.governed) appendGoverned(form, input.governed);
  try {
    return await uploadForm<Document>('/api/documents', form, { onProgress });
  } catch (e) {
    if (isApiError(e)) throw new Error(`Upload failed: ${e.status} ${e.body}`, { cause: e });
    throw e;
  }
}
