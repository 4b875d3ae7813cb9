import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranslationRecord } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

const PATHS = { document: 'documents', presentation: 'presentations', video: 'videos' } as const;

export interface TranslationRequest {
  type: 'document' | 'presentation' | 'video';
  id: number;
  targetLanguage: string;
}

/** POST /api/{documents|presentations|videos}/{id}/translations with {targetLanguage}. */
export const requestTranslation = ({ type, id, targetLanguage }: TranslationRequest): Promise<TranslationRecord> =>
  api.post<TranslationRecord>(`/api/${PATHS[type]}/${id}/translations`, { targetLanguage });

export function useRequestTranslation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestTranslation,
    meta: { successToast: { title: 'translations.requested' }, errorToast: { title: 'common.error', description: 'translations.requestFailed' } },
    onSuccess: () => Promise.all(['/api/translations', '/api/presentation-translations', '/api/video-translations', '/api/documents', '/api/presentations', '/api/videos', '/api/content']
      .map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}
