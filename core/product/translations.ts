import type { ProductDeps as Services } from './deps';
import { noProviderError } from '../features/translate/offers';
import { assertTranslatable, listTranslations, removeTranslation, requestTranslation, retryTranslation, parseTargetLanguage, sourceLanguageOf } from '../features/content/translations';
import { AppError } from '../foundation/errors';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const translationsNeeds = {
  translate: 'translate', translationList: 'read', translation: 'read', retryTranslation: 'translate',
  removeTranslation: 'delete', glossary: 'read', putGlossaryTerm: 'translate', removeGlossaryTerm: 'translate',
  rememberTranslations: 'translate', translationOffers: 'read',
} satisfies Needs;

/** Translations of documents and presentations, and the glossary every provider applies. */
export const translations = (s: Services): Pick<Product,
  'translate' | 'translationList' | 'translation' | 'retryTranslation' | 'removeTranslation' | 'glossary' | 'putGlossaryTerm' | 'removeGlossaryTerm'
  | 'rememberTranslations'
  | 'translationOffers'> => ({
  translate: async (type, id, targetLanguage, options = {}) => {
    // A pair no provider serves is refused here, before a job is queued (the item's language, English until it is known).
    assertTranslatable(type);
    const target = parseTargetLanguage(targetLanguage);
    const item = await s.catalog.items(type).get(id);
    const source = sourceLanguageOf(item?.sourceLanguage) ?? 'english';
    if (item && source !== target && !(await s.translation.offers()).pairs.some((p) => p.source === source && p.target === target)) {
      throw noProviderError(source, target);
    }
    return await requestTranslation(s.content, type, id, targetLanguage, options);
  },
  translationOffers: () => s.translation.offers(),
  translationList: async (filter = {}) => await listTranslations(s.content, filter),
  translation: async (id) => {
    const t = (await listTranslations(s.content)).find((x) => x.id === id);
    return t ?? structuredClone(await s.catalog.translations.require(id));
  },
  retryTranslation: async (id) => await retryTranslation(s.content, id),
  removeTranslation: (id) => removeTranslation(s.content, id),
  glossary: () => s.translation.glossary.get(),
  putGlossaryTerm: (entry) => s.translation.glossary.put(entry),
  removeGlossaryTerm: (term) => s.translation.glossary.remove(term),
  rememberTranslations: async ({ source, target, segments }) => {
    const from = parseTargetLanguage(source);
    const to = parseTargetLanguage(target);
    if (from === to) throw new AppError('validation', 'The source and target languages of a translation are the same.');
    const entries = new Map<string, string>();
    for (const seg of segments) {
      const text = seg.text.trim();
      const translation = seg.translation.trim();
      if (!text || !translation) throw new AppError('validation', 'Every segment needs a non-empty text and translation.');
      entries.set(text, translation);
    }
    const { version } = await s.translation.glossary.get();
    await s.translation.memory.store({ source: from, target: to, glossaryVersion: version }, entries);
    return { stored: entries.size, glossaryVersion: version };
  },
});
