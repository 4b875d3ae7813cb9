import type { PublicChatMessage } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

/** GET /api/bot/messages: the messages of this reference id newer than `since` (ISO time). */
export const getChatMessages = (referenceId: string, since: string, signal?: AbortSignal): Promise<PublicChatMessage[]> =>
  api.get<PublicChatMessage[]>('/api/bot/messages', { params: { referenceId, since }, signal });
