import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@core/product/index';
import { api, downloadToFile } from '../../../lib/api-client';

/** GET /api/audit?since=7d: who changed what, newest first. */
export const getAudit = (since: string): Promise<AuditEntry[]> => api.get<AuditEntry[]>('/api/audit', { params: { since, limit: 500 } });

export const getAuditQueryOptions = (since: string) =>
  queryOptions({ queryKey: ['/api/audit', since], queryFn: () => getAudit(since), refetchInterval: 15_000 });

export const useAudit = (since: string) => useQuery(getAuditQueryOptions(since));

/** GET /api/audit?format=csv|jsonl: the entries since the period as a file. */
export const exportAudit = (since: string, format: 'csv' | 'jsonl') => downloadToFile(`/api/audit?${new URLSearchParams({ since, format })}`);
