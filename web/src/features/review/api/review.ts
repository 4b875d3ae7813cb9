import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audience, ContentItem, ReviewFilter } from '@core/foundation/types';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

/** GET /api/review?filter=pending: items by review state (core decides what each filter means). */
export const getReview = (filter: ReviewFilter): Promise<ContentItem[]> => api.get<ContentItem[]>('/api/review', { params: { filter } });

export const getReviewQueryOptions = (filter: ReviewFilter) =>
  queryOptions({ queryKey: ['/api/review', filter], queryFn: () => getReview(filter), refetchInterval: POLL_MS.content });

export const useReview = (filter: ReviewFilter) => useQuery(getReviewQueryOptions(filter));

/** Lists that show review state: refreshed after any review change. */
const AFFECTED = ['/api/review', '/api/content', '/api/documents', '/api/presentations', '/api/videos', '/api/dashboard/metrics', '/api/audit'];

function useReviewMutation<V>(fn: (v: V) => Promise<ContentItem[]>, done: 'review.approvedDone' | 'review.rejectedDone' | 'review.accessDone') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { successToast: { title: 'common.success', description: done }, errorToast: { title: 'common.error', description: 'review.failed' } },
    onSuccess: () => {
      for (const key of AFFECTED) void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}

/** POST /api/review/approve {ids} */
export const useApprove = () => useReviewMutation((ids: number[]) => api.post<ContentItem[]>('/api/review/approve', { ids }), 'review.approvedDone');
/** POST /api/review/reject {ids, note} */
export const useReject = () =>
  useReviewMutation((v: { ids: number[]; note: string }) => api.post<ContentItem[]>('/api/review/reject', { ids: v.ids, note: v.note || null }), 'review.rejectedDone');
/** POST /api/review/access {ids, audience?, validUntil?} */
export const useSetAccess = () =>
  useReviewMutation((v: { ids: number[]; audience?: Audience; validUntil?: string | null }) => api.post<ContentItem[]>('/api/review/access', v), 'review.accessDone');
