/** The upload form state of spec section 3; the chosen file is held separately. */
export type UploadContentType = 'document' | 'presentation' | 'other';

export interface UploadFormState {
  title: string;
  description: string;
  type: UploadContentType;
  category: string;
  needsTranslation: boolean;
  targetLanguage: string;
  tags: string;
  language: string;
  hasSpeech: boolean;
}

export function initialUploadState(type: UploadContentType = 'document'): UploadFormState {
  return { title: '', description: '', type, category: '', needsTranslation: false, targetLanguage: '', tags: '', language: '', hasSpeech: false };
}
