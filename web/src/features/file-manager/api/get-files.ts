import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredObject } from '@core/foundation/types';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getFiles = (): Promise<StoredObject[]> => api.get<StoredObject[]>('/api/object-storage/files');

export const getFilesQueryOptions = () => queryOptions({ queryKey: ['/api/object-storage/files'], queryFn: getFiles, refetchInterval: POLL_MS.storageFiles });

export const useFiles = () => useQuery(getFilesQueryOptions());
