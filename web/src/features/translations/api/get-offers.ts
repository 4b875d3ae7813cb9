import { useQuery } from '@tanstack/react-query';
import type { TranslationOffers } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

/** GET /api/translation-offers: which provider serves which language pair (only those are offered). */
export const getTranslationOffers = (): Promise<TranslationOffers> => api.get<TranslationOffers>('/api/translation-offers');

export const useTranslationOffers = (enabled = true) =>
  useQuery({ queryKey: ['/api/translation-offers'], queryFn: getTranslationOffers, enabled, staleTime: 60_000 });
