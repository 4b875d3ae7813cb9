import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TranslationRecord } from '@core/foundation/types';
import { POLL_MS } from '../../../config/polling';
import { api } from '../../../lib/api-client';

/** GET /api/translations: every translation record of documents and presentations. */
export const getTranslations = (): Promise<TranslationRecord[]> => api.get<TranslationRecord[]>('/api/translations');

export const getTranslationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/translations'], queryFn: getTranslations, refetchInterval: POLL_MS.translations });

/** All translations; while one is running the list refreshes every 2 s, else at the spec's 5 s. */
export const useTranslations = () => useQuery({
  ...getTranslationsQueryOptions(),
  refetchInterval: (q) => (q.state.data?.some((t) => t.state === 'queued' || t.state === 'running') ? 2_000 : POLL_MS.translations),
});
