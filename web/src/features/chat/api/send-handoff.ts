import { api } from '../../../lib/api-client';

export interface HandoffForm {
  referenceId: string;
  name: string;
  email: string | null;
  phone: string | null;
  consent: boolean;
  language: string;
}

/** POST /api/bot/handoff: passes the question on to a person (the server attaches the conversation). */
export const sendHandoff = (input: HandoffForm): Promise<{ id: number }> => api.post<{ id: number }>('/api/bot/handoff', { ...input, channel: 'chat' });
