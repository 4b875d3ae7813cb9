import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentItem, ContentType } from '@core/types';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

/** GET /api/content with an optional type filter (all kinds when absent). */
export const getContent = (type?: ContentType): Promise<ContentItem[]> => api.get<ContentItem[]>('/api/content', { params: { type } });

export const getContentQueryOptions = (type?: ContentType) =>
  queryOptions({ queryKey: ['/api/content', type ?? 'all'], queryFn: () => getContent(type), refetchInterval: POLL_MS.content });

export const useContent = (type?: ContentType) => useQuery(getContentQueryOptions(type));
