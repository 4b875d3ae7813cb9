import type { RetrievalReply } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

export interface RagQueryInput {
  query: string;
  referenceId: string;
}

/** POST /api/bot/rag-query: the whole answer at once. */
export const ragQuery = (input: RagQueryInput, signal?: AbortSignal): Promise<RetrievalReply> =>
  api.post<RetrievalReply>('/api/bot/rag-query', input, { signal });
