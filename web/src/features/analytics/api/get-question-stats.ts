import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionStats } from '@core/features/analytics/stats';
import { api, downloadToFile } from '../../../lib/api-client';

/** GET /api/analytics/stats?since=7d */
export const getQuestionStats = (since: string): Promise<QuestionStats> => api.get<QuestionStats>('/api/analytics/stats', { params: { since } });

export const getQuestionStatsQueryOptions = (since: string) =>
  queryOptions({ queryKey: ['/api/analytics/stats', since], queryFn: () => getQuestionStats(since), refetchInterval: 30_000 });

export const useQuestionStats = (since: string) => useQuery(getQuestionStatsQueryOptions(since));

/** GET /api/analytics/export: downloads the conversations of [from, to) as CSV or JSON lines. */
export function exportConversations(input: { from: string; to: string; format: 'csv' | 'jsonl' }): Promise<void> {
  const q = new URLSearchParams({ format: input.format });
  if (input.from) q.set('from', input.from);
  if (input.to) q.set('to', input.to);
  return downloadToFile(`/api/analytics/export?${q}`);
}
