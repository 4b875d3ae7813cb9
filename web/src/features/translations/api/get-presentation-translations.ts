import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';
import type { TranslationRow } from './types';

export const getPresentationTranslations = (): Promise<TranslationRow[]> => api.get<TranslationRow[]>('/api/presentation-translations');

export const getPresentationTranslationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/presentation-translations'], queryFn: getPresentationTranslations, refetchInterval: POLL_MS.translations });

export const usePresentationTranslations = (enabled = true) => useQuery({ ...getPresentationTranslationsQueryOptions(), enabled });
