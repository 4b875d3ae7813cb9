/**
 * Facts about a translation that the translate job and the content records
 * (core/features/content/translations.ts) both need: the item's source language and
 * where its translated file is stored.
 */
import { keys } from '../../engines/storage/layout';
import { languageCode, languageName } from '../../foundation/text/language';
import type { TranslationLanguage, TranslationRecord } from '../../foundation/types';

export type TranslatableType = TranslationRecord['itemType'];

/** The item's language as a product language (it is stored as a code or a name), or null when not known. */
export function sourceLanguageOf(raw: string | null | undefined): TranslationLanguage | null {
  if (!raw) return null;
  return languageName(languageCode(raw) ?? raw);
}

/** Where a translated file is stored: the spec's paths (presentations and videos under /uploads/…/translated_files/; a video's per kind of subtitles). */
export function translatedKey(type: TranslatableType, id: number, lang: TranslationLanguage, fileName: string, options?: { subtitles: 'soft' | 'burned' } | null): string {
  const ext = (fileName.split('.').pop() ?? 'bin').toLowerCase();
  if (type === 'video') return keys.videoTranslated(id, lang, options?.subtitles);
  return type === 'presentation' ? keys.presentationTranslated(id, lang) : keys.documentTranslated(id, lang, ext);
}
