import type { ContentItem } from '../../../../../core/types';
import { api } from '../../../lib/api-client';
import type { UploadFormState } from '../upload-form-state';

/** POST /api/content with the upload form state as JSON (content types other than document and presentation). */
export const createContent = (state: UploadFormState): Promise<ContentItem> => api.post<ContentItem>('/api/content', state);
