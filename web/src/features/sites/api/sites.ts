import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSummary } from '@core/types';
import { api } from '../../../lib/api-client';

const KEY = '/api/sites';

/** GET /api/sites: the websites synced with `cms sync <URL>`, each with its pages and last run. */
export const getSites = (): Promise<SiteSummary[]> => api.get<SiteSummary[]>(KEY);

export const getSitesQueryOptions = () => queryOptions({ queryKey: [KEY], queryFn: getSites, refetchInterval: 30_000 });

export const useSites = () => useQuery(getSitesQueryOptions());
