import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@core/foundation/types';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getCategories = (): Promise<Category[]> => api.get<Category[]>('/api/categories');

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/categories'], queryFn: getCategories, refetchInterval: POLL_MS.categories });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
