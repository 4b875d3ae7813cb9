/**
 * Picks the provider for a language pair: the LLM when it is configured,
 * the offline machine translator for the pairs it has, otherwise a
 * 'not_configured' error the record shows as it is (retry once configured).
 */
import { AppError } from '../../foundation/errors';
import { message } from '../../foundation/messages';
import type { TranslationLanguage } from '../../foundation/types';
import { noProviderError } from './offers';
import type { Translator } from './types';

export type TranslatorResolver = (source: TranslationLanguage, target: TranslationLanguage) => Translator;

/** Providers in order of preference. */
export function createTranslatorResolver(providers: Array<Translator | null | undefined>): TranslatorResolver {
  const list = providers.filter((p): p is Translator => !!p);
  return (source, target) => {
    if (source === target) throw new AppError('validation', `The text is already in ${source}; choose another target language.`);
    const p = list.find((t) => t.supports(source, target));
    if (!p) throw noProviderError(source, target);
    return p;
  };
}
