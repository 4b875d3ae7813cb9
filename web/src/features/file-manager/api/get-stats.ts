import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageStats } from '@core/foundation/types';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getStorageStats = (): Promise<StorageStats> => api.get<StorageStats>('/api/object-storage/stats');

export const getStorageStatsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/object-storage/stats'], queryFn: getStorageStats, refetchInterval: POLL_MS.storageStats });

export const useStorageStats = () => useQuery(getStorageStatsQueryOptions());
