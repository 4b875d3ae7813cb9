import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Presentation } from '@core/foundation/types';
import { getAllPages } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getPresentations = (): Promise<Presentation[]> => getAllPages<Presentation>('/api/presentations');

export const getPresentationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/presentations'], queryFn: getPresentations, refetchInterval: POLL_MS.presentations });

export const usePresentations = () => useQuery(getPresentationsQueryOptions());

/** GET /api/presentations/{id}/download, opened in a new tab. */
export const presentationDownloadUrl = (id: number) => `/api/presentations/${id}/download`;
