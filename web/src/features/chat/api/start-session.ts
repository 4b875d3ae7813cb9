import { api } from '../../../lib/api-client';

/** POST /api/bot/session: the server hands out a new, random conversation id. */
export const startChatSession = (): Promise<{ referenceId: string }> => api.post<{ referenceId: string }>('/api/bot/session', {});
