import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardMetrics } from '@core/foundation/types';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getMetrics = (): Promise<DashboardMetrics> => api.get<DashboardMetrics>('/api/dashboard/metrics');

export const getMetricsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/dashboard/metrics'], queryFn: getMetrics, refetchInterval: POLL_MS.dashboard });

export const useMetrics = () => useQuery(getMetricsQueryOptions());
