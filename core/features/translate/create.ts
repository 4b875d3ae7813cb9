/**
 * The composition root's translation parts from config: the provider
 * resolver (Anthropic when a key is set, Apertium for its pairs), the
 * translation memory and the glossary store.
 */
import type { Config } from '../../foundation/config';
import type { LlmClient } from '../../engines/llm/types';
import { createModelTranslator } from './model-translator';
import { createApertiumTranslator } from './apertium';
import type pg from 'pg';
import { createGlossaryStore, type GlossaryStore } from './glossary';
import { createPgGlossaryStore } from './pg-glossary';
import { createFileTranslationMemory, type TranslationMemory } from './memory';
import { createPgTranslationMemory } from './pg-memory';
import { translationOffers } from './offers';
import { createTranslatorResolver, type TranslatorResolver } from './resolver';
import type { TranslationOffers } from '../../foundation/types';
import { metered } from '../../engines/metrics';
import type { Translator } from './types';

export interface Translation {
  resolve: TranslatorResolver;
  memory: TranslationMemory;
  glossary: GlossaryStore;
  /** Discovers the installed Apertium pairs; call once before the first resolve. */
  ready(): Promise<void>;
  /** Which provider serves which pair (after ready()). */
  offers(): Promise<TranslationOffers>;
}

/** `pool`: with DATABASE_URL the glossary and the memory are in PostgreSQL, shared by every server and worker. */
export function createTranslation(config: Pick<Config, 'translation' | 'llm'>, llm: LlmClient, options: { pool?: pg.Pool | null } = {}): Translation {
  // The chat model translates, whichever API it speaks (Anthropic or OpenAI-compatible).
  const anthropic = llm.configured ? meterTranslator(createModelTranslator({ llm, id: config.llm.provider, maxInputTokens: config.translation.maxInputTokens })) : null;
  const apertium = config.translation.apertium ? meterTranslator(createApertiumTranslator()) : null;
  return {
    resolve: createTranslatorResolver([anthropic, apertium]),
    memory: options.pool ? createPgTranslationMemory(options.pool) : createFileTranslationMemory(config.translation.memoryDir),
    glossary: options.pool ? createPgGlossaryStore(options.pool) : createGlossaryStore(config.translation.glossaryFile),
    ready: async () => { await apertium?.ready(); },
    offers: async () => {
      await apertium?.ready();
      return translationOffers([anthropic, apertium], { configured: llm.configured, provider: config.llm.provider });
    },
  };
}

/** The translator with every request counted (metrics: service `translation`). */
function meterTranslator<T extends Translator>(t: T): T {
  const translate = t.translate.bind(t);
  return Object.assign(t, { translate: (input: Parameters<Translator['translate']>[0]) => metered('translation', t.id, () => translate(input)) });
}
