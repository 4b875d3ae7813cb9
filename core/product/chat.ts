import { timedAnswer } from '../metrics';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** The public assistant: a reply, the conversation's messages, forgetting it (both bots). */
export const chat = (s: Pick<Services, 'rag' | 'assistant'>): Pick<Product, 'chat' | 'messages' | 'clearSession'> => ({
  chat: (request) => timedAnswer('chat', () => s.assistant.chat(request)),
  messages: (referenceId, since) => s.assistant.messages(referenceId, since),
  async clearSession(referenceId) {
    await Promise.all([s.assistant.clearSession(referenceId), s.rag.clear(referenceId)]);
  },
});
