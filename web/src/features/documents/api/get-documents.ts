import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Document } from '@core/foundation/types';
import { getAllPages } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getDocuments = (): Promise<Document[]> => getAllPages<Document>('/api/documents');

export const getDocumentsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/documents'], queryFn: getDocuments, refetchInterval: POLL_MS.documents });

export const useDocuments = () => useQuery(getDocumentsQueryOptions());
