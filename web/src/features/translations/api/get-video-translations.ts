import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';
import type { TranslationRow } from './types';

export const getVideoTranslations = (): Promise<TranslationRow[]> => api.get<TranslationRow[]>('/api/video-translations');

export const getVideoTranslationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/video-translations'], queryFn: getVideoTranslations, refetchInterval: POLL_MS.translations });

export const useVideoTranslations = (enabled = true) => useQuery({ ...getVideoTranslationsQueryOptions(), enabled });
