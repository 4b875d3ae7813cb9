import type { ChatBotReply } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

export interface SendChatInput {
  message: string;
  referenceId: string;
  isNewSession: boolean;
}

/** POST /api/bot/chat. */
export const sendChatMessage = (input: SendChatInput): Promise<ChatBotReply> => api.post<ChatBotReply>('/api/bot/chat', input);
