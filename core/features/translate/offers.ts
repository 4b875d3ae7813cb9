/**
 * What the user is offered: which provider serves which language pair, and
 * why a pair has none. The console and the CLI list it; a request for a
 * pair without a provider is refused up front (before a job is queued)
 * with a coded message naming both ways to add a model.
 */
import { AppError } from '../../foundation/errors';
import { describe } from '../../foundation/messages';
import { TRANSLATION_LANGUAGES, type TranslationLanguage, type TranslationOffers, type TranslationProviderInfo } from '../../foundation/types';
import type { Translator } from './types';

/** The coded refusal for a pair no provider serves (worded in English here, in the console's language there). */
export function noProviderError(source: TranslationLanguage, target: TranslationLanguage): AppError {
  const params = { source, target };
  return new AppError('not_configured', describe('translation.no_provider', params), { details: { message: { code: 'translation.no_provider', params } } });
}

/** Providers in order of preference, each with the pairs it serves; `llm` says whether a model is configured and which API it speaks. */
export function translationOffers(providers: Array<Translator | null | undefined>, llm: { configured: boolean; provider: string }): TranslationOffers {
  const list = providers.filter((p): p is Translator => !!p);
  const pairs: TranslationOffers['pairs'] = [];
  for (const source of TRANSLATION_LANGUAGES) {
    for (const target of TRANSLATION_LANGUAGES) {
      if (source === target) continue;
      const p = list.find((t) => t.supports(source, target));
      if (p) pairs.push({ source, target, provider: p.id, quality: p.quality, model: p.model(source, target) });
    }
  }
  const served = (id: string) => pairs.filter((x) => x.provider === id).length;
  const info: TranslationProviderInfo[] = [
    llm.configured
      ? { id: llm.provider, quality: 'llm', available: true, pairs: served(llm.provider), reason: null }
      : { id: llm.provider, quality: 'llm', available: false, pairs: 0, reason: describe('translation.add_provider') },
  ];
  const apertium = list.find((t) => t.id === 'apertium');
  info.push(apertium
    ? { id: 'apertium', quality: 'machine', available: served('apertium') > 0, pairs: served('apertium'), reason: served('apertium') ? null : 'No Apertium language pair is installed (apt install apertium-eng-spa, …).' }
    : { id: 'apertium', quality: 'machine', available: false, pairs: 0, reason: 'Apertium is turned off (TRANSLATION_APERTIUM=false).' });
  return { providers: info, pairs, hint: llm.configured ? null : { code: 'translation.add_provider', params: {}, text: describe('translation.add_provider') } };
}
