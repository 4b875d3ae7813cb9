import { api } from '../../../lib/api-client';

/** POST /api/bot/clear-session: forgets the conversation of this reference id. */
export const clearSession = (referenceId: string): Promise<void> => api.post<void>('/api/bot/clear-session', { referenceId });
