import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranslationRecord } from '../../../../../core/types';
import { api } from '../../../lib/api-client';

export interface TranslationRequest {
  type: 'document' | 'presentation';
  id: number;
  targetLanguage: string;
}

/** POST /api/{documents|presentations}/{id}/translations with {targetLanguage}. */
export const requestTranslation = ({ type, id, targetLanguage }: TranslationRequest): Promise<TranslationRecord> =>
  api.post<TranslationRecord>(`/api/${type === 'document' ? 'documents' : 'presentations'}/${id}/translations`, { targetLanguage });

export function useRequestTranslation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestTranslation,
    meta: { successToast: { title: 'translations.requested' }, errorToast: { title: 'common.error', description: 'translations.requestFailed' } },
    onSuccess: () => Promise.all(['/api/translations', '/api/presentation-translations', '/api/documents', '/api/presentations', '/api/content']
      .map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}
