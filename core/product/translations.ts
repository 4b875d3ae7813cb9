import type { CoreServices as Services } from '../services';
import { listTranslations, removeTranslation, requestTranslation, retryTranslation } from '../translate/records';
import type { Product } from './types';

/** Translations of documents and presentations, and the glossary every provider applies. */
export const translations = (s: Services): Pick<Product,
  'translate' | 'translationList' | 'translation' | 'retryTranslation' | 'removeTranslation' | 'glossary' | 'putGlossaryTerm' | 'removeGlossaryTerm'> => ({
  translate: async (type, id, targetLanguage, options = {}) => await requestTranslation(s.content, type, id, targetLanguage, options),
  translationList: async (filter = {}) => await listTranslations(s.content, filter),
  translation: async (id) => {
    const t = (await listTranslations(s.content)).find((x) => x.id === id);
    return t ?? structuredClone(await s.catalog.translations.require(id));
  },
  retryTranslation: async (id) => await retryTranslation(s.content, id),
  removeTranslation: (id) => removeTranslation(s.content, id),
  glossary: async () => s.translation.glossary.get(),
  putGlossaryTerm: async (entry) => s.translation.glossary.put(entry),
  removeGlossaryTerm: async (term) => s.translation.glossary.remove(term),
});
