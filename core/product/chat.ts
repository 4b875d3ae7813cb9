import { timedAnswer } from '../engines/metrics';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const chatNeeds = { chat: 'public', messages: 'public', clearSession: 'public' } satisfies Needs;

/** The public assistant: a reply, the conversation's messages, forgetting it (both bots). */
export const chat = (s: Pick<Services, 'rag' | 'assistant'>): Pick<Product, 'chat' | 'messages' | 'clearSession'> => ({
  chat: (request) => timedAnswer('chat', () => s.assistant.chat(request)),
  messages: (referenceId, since) => s.assistant.messages(referenceId, since),
  async clearSession(referenceId) {
    await Promise.all([s.assistant.clearSession(referenceId), s.rag.clear(referenceId)]);
  },
});
