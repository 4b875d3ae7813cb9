import { markSources } from '../features/governance/visibility';
import { timedAnswer } from '../engines/metrics';
import type { RagEvent } from '../features/chat/rag';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const askNeeds = { ask: 'public', askStream: 'public' } satisfies Needs;

/**
 * The document-search bot: an answer from the content, whole or streamed.
 * Anonymous callers are answered from public items only; signed-in staff
 * (`staff`) from every completed item, each citation saying when its item is not public.
 */
export const ask = (s: Pick<Services, 'rag' | 'staffRag' | 'catalog'>): Pick<Product, 'ask' | 'askStream'> => ({
  ask: (query, referenceId, options = {}) => timedAnswer('rag', async () =>
    options.staff ? markSources(s.catalog, await s.staffRag.ask(query, referenceId, options)) : s.rag.ask(query, referenceId, options)),
  askStream: (query, referenceId, options = {}) => (options.staff ? marked(s, s.staffRag.askStream(query, referenceId, options)) : s.rag.askStream(query, referenceId, options)),
});

async function* marked(s: Pick<Services, 'catalog'>, events: AsyncIterable<RagEvent>): AsyncGenerator<RagEvent> {
  for await (const e of events) yield e.type === 'done' ? { type: 'done', reply: await markSources(s.catalog, e.reply) } : e;
}
