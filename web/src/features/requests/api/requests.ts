import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HandoffRequest } from '@core/foundation/types';
import { api, downloadToFile } from '../../../lib/api-client';

const KEY = '/api/handoff-requests';

/** GET /api/handoff-requests: visitors' requests to be contacted, newest first. */
export const getRequests = (status?: 'open' | 'handled'): Promise<HandoffRequest[]> => api.get<HandoffRequest[]>(KEY, { params: { status } });

export const getRequestsQueryOptions = (status?: 'open' | 'handled') =>
  queryOptions({ queryKey: [KEY, status ?? 'all'], queryFn: () => getRequests(status), refetchInterval: 15_000 });

export const useRequests = (status?: 'open' | 'handled') => useQuery(getRequestsQueryOptions(status));

/** POST /api/handoff-requests/:id/handled and DELETE /api/handoff-requests/:id, refreshing the list. */
export function useRequestActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: [KEY] });
  return {
    handled: useMutation({ mutationFn: (v: { id: number; handled: boolean }) => api.post<HandoffRequest>(`${KEY}/${v.id}/handled`, { handled: v.handled }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`${KEY}/${id}`), onSuccess: refresh }),
  };
}

/** GET /api/handoff-requests/:id/export: one request (contact details and conversation) as a JSON file. */
export const exportRequest = (id: number) => downloadToFile(`${KEY}/${id}/export`, `request-${id}.json`);
