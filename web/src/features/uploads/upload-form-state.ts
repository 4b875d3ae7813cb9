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
  /** Approve on upload (public once processed); audience; optional expiry date (YYYY-MM-DD). */
  approve: boolean;
  audience: 'public' | 'staff';
  validUntil: string;
}

/** The review fields of an upload, as the API reads them (core/features/content/fields.ts). */
export function appendGoverned(form: FormData, g: Pick<UploadFormState, 'approve' | 'audience' | 'validUntil'>): void {
  if (g.approve) form.append('approve', 'true');
  form.append('audience', g.audience);
  if (g.validUntil) form.append('validUntil', g.validUntil);
}

export function initialUploadState(type: UploadContentType = 'document'): UploadFormState {
  return { title: '', description: '', type, category: '', needsTranslation: false, targetLanguage: '', tags: '', language: '', hasSpeech: false, approve: false, audience: 'public', validUntil: '' };
}
