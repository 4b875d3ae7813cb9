import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentItem, ContentType } from '@core/foundation/types';
import { getPage } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

/** GET /api/content, one page (`limit`/`offset`, sorted by id) with an optional type filter (all kinds when absent). */
export const getContentPage = (type: ContentType | undefined, limit: number, offset: number) =>
  getPage<ContentItem>('/api/content', { limit, offset }, { type });

export const getContentQueryOptions = (type: ContentType | undefined, limit: number, offset: number) =>
  queryOptions({
    queryKey: ['/api/content', type ?? 'all', limit, offset],
    queryFn: () => getContentPage(type, limit, offset),
    refetchInterval: POLL_MS.content,
    // The page shown stays while the next one loads (no skeleton flash between pages).
    placeholderData: keepPreviousData,
  });

export const useContent = (type: ContentType | undefined, limit: number, offset: number) => useQuery(getContentQueryOptions(type, limit, offset));
