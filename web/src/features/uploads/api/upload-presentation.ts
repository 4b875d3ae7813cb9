import type { Presentation } from '@core/types';
import { uploadForm } from '../../../lib/api-client';

export interface UploadPresentationInput {
  file: File;
  languageto: string;
  title?: string;
}

/** POST /api/presentations (multipart: file, languageto). Failure: "Upload failed". */
export async function uploadPresentation(input: UploadPresentationInput, onProgress?: (f: number) => void): Promise<Presentation> {
  const form = new FormData();
  form.append('file', input.file);
  form.append('languageto', input.languageto ?? '');
  if (input.title) form.append('title', input.title);
  try {
    return await uploadForm<Presentation>('/api/presentations', form, { onProgress });
  } catch (e) {
    throw new Error('Upload failed', { cause: e });
  }
}
