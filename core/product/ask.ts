import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** The document-search bot: an answer from the content, whole or streamed. */
export const ask = (s: Pick<Services, 'rag'>): Pick<Product, 'ask' | 'askStream'> => ({
  ask: (query, referenceId, options) => s.rag.ask(query, referenceId, options),
  askStream: (query, referenceId, options) => s.rag.askStream(query, referenceId, options),
});
