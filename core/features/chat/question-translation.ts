import { createApertiumTranslator } from '../translate/apertium';
import type { Translator } from '../translate/types';
import type { TranslationLanguage } from '../../foundation/types';

/**
 * Offline translation of a visitor's question (and of the sentence quoted
 * back) between the languages Debian's Apertium pairs: English, Spanish,
 * French, Portuguese and Italian. Pairs that do not exist directly go
 * through Spanish (fr → es → en). The answer shows the quoted sentence with
 * this translation beside it, labelled machine translation (issue 34).
 */
export interface TextTranslator {
  /** True when it can translate `from` → `to` (ISO codes), directly or through Spanish. */
  supports(from: string, to: string): Promise<boolean>;
  /** The texts translated, or null when the engine is missing or fails (the caller answers without it). */
  translate(texts: string[], from: string, to: string, signal?: AbortSignal): Promise<string[] | null>;
}

const NAMES: Record<string, TranslationLanguage> = { en: 'english', es: 'spanish', fr: 'french', pt: 'portuguese', it: 'italian' };
/** The question languages answered through translation offline. */
export const TRANSLATED_QUESTION_LANGUAGES = ['es', 'fr', 'pt', 'it'] as const;

export function createTextTranslator(engine: Translator & { ready(): Promise<void> } = createApertiumTranslator({ timeoutMs: 20_000 })): TextTranslator {
  let ready: Promise<void> | null = null;
  const direct = (a: string, b: string) => !!NAMES[a] && !!NAMES[b] && engine.supports(NAMES[a], NAMES[b]);
  /** The steps from one language to another: [[from, to]] or [[from, es], [es, to]]. */
  const route = (from: string, to: string): Array<[string, string]> | null => {
    if (direct(from, to)) return [[from, to]];
    if (from !== 'es' && to !== 'es' && direct(from, 'es') && direct('es', to)) return [[from, 'es'], ['es', to]];
    return null;
  };
  return {
    async supports(from, to) {
      await (ready ??= engine.ready());
      return from !== to && route(from, to) !== null;
    },
    async translate(texts, from, to, signal) {
      try {
        await (ready ??= engine.ready());
        const steps = route(from, to);
        if (!steps) return null;
        let current = texts;
        for (const [a, b] of steps) {
          const out = await engine.translate({
            source: NAMES[a], target: NAMES[b], signal,
            segments: current.map((text, i) => ({ id: String(i), text })),
          });
          current = current.map((_, i) => out.get(String(i)) ?? '');
        }
        return current;
      } catch (e) {
        if (signal?.aborted) throw e;
        return null;
      }
    },
  };
}
