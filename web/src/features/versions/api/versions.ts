import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentItem, ItemVersion } from '@core/foundation/types';
import { api, uploadForm } from '../../../lib/api-client';

/** Lists that show an item's versions or review state: refreshed after a replace or a restore. */
const AFFECTED = ['/api/review', '/api/content', '/api/documents', '/api/presentations', '/api/videos', '/api/dashboard/metrics', '/api/audit', 'versions'];

/** GET /api/items/{id}/versions: the versions of an item's file, oldest first. */
export const getVersionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['versions', id], queryFn: () => api.get<ItemVersion[]>(`/api/items/${id}/versions`) });

export const useVersions = (id: number) => useQuery(getVersionsQueryOptions(id));

function useRefreshAfter() {
  const qc = useQueryClient();
  return () => {
    for (const key of AFFECTED) void qc.invalidateQueries({ queryKey: [key] });
  };
}

/** POST /api/items/{id}/versions/{n}/restore: version n comes back as a new version (processed, then reviewed). */
export function useRestoreVersion() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (v: { id: number; n: number }) => api.post<{ item: ContentItem; version: ItemVersion }>(`/api/items/${v.id}/versions/${v.n}/restore`, { approve: false }),
    meta: { errorToast: { title: 'common.error', description: 'versions.restoreFailed' } },
    onSuccess: refresh,
  });
}

/** POST /api/items/{id}/replace (multipart: file, approve?): a new version of the item's file. */
export function useReplaceFile() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (v: { id: number; file: File; approve: boolean }) => {
      const form = new FormData();
      if (v.approve) form.append('approve', 'true');
      form.append('file', v.file);
      return uploadForm<{ version: { n: number; state: string } }>(`/api/items/${v.id}/replace`, form);
    },
    meta: { errorToast: { title: 'common.error', description: 'versions.failed' } },
    onSuccess: refresh,
  });
}
