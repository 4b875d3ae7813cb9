import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSummary } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

const KEY = '/api/sites';

/** GET /api/sites: the websites synced with `cms sync <URL>`, each with its pages, last run and a run going on. */
export const getSites = (): Promise<SiteSummary[]> => api.get<SiteSummary[]>(KEY);

/** Every second while a run goes (its progress), else every 30 s. */
export const getSitesQueryOptions = () => queryOptions({
  queryKey: [KEY], queryFn: getSites, refetchInterval: (query) => (query.state.data?.some((s) => s.running) ? 1000 : 30_000),
});

export const useSites = () => useQuery(getSitesQueryOptions());

/** POST /api/sites/sync: a run of a site synced before, with its last run's options (admins); it goes in the background. */
export function useStartSiteSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (site: string) => api.post<{ site: string; startedAt: string }>(`${KEY}/sync`, { site }),
    meta: { successToast: { title: 'sites.started' }, errorToast: { title: 'common.error' } },
    onSettled: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}
