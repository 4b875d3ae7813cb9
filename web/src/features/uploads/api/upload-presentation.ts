import type { Presentation } from '@core/foundation/types';
import { uploadForm } from '../../../lib/api-client';
import { appendGoverned, type UploadFormState } from '../upload-form-state';

export interface UploadPresentationInput {
  file: File;
  languageto: string;
  title?: string;
  governed?: Pick<UploadFormState, 'approve' | 'audience' | 'validUntil'>;
}

/** POST /api/presentations (multipart: file, languageto). Failure: "Upload failed". */
export async function uploadPresentation(input: UploadPresentationInput, onProgress?: (f: number) => void): Promise<Presentation> {
  const form = new FormData();
  form.append('file', input.file);
  form.append('languageto', input.languageto ?? '');
  if (input.title) form.append('title', input.title);
  if (input.governed) appendGoverned(form, input.governed);
  try {
    return await uploadForm<Presentation>('/api/presentations', form, { onProgress });
  } catch (e) {
    throw new Error('Upload failed', { cause: e });
  }
}
