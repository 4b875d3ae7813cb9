/**
 * Per-language facts the video engine needs: the ISO 639-1 code an STT
 * endpoint expects, the ISO 639-2 tag MP4 streams carry, the espeak-ng voice
 * for dubbing, the subtitle font and whether the script runs right to left.
 */
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '../../foundation/types';

export interface LanguageFacts {
  /** ISO 639-1, e.g. 'en' (STT endpoints, WebVTT Language header). */
  iso1: string;
  /** ISO 639-2/B as MP4 stream tags want it, e.g. 'eng'. */
  iso3: string;
  /** espeak-ng voice name. */
  voice: string;
  /** Font family for burned subtitles (fontconfig falls back per glyph). */
  font: string;
  rtl: boolean;
}

const NOTO = 'Noto Sans';
const FACTS: Record<TranslationLanguage, LanguageFacts> = {
  english: { iso1: 'en', iso3: 'eng', voice: 'en-us', font: NOTO, rtl: false },
  spanish: { iso1: 'es', iso3: 'spa', voice: 'es', font: NOTO, rtl: false },
  french: { iso1: 'fr', iso3: 'fre', voice: 'fr-fr', font: NOTO, rtl: false },
  german: { iso1: 'de', iso3: 'ger', voice: 'de', font: NOTO, rtl: false },
  italian: { iso1: 'it', iso3: 'ita', voice: 'it', font: NOTO, rtl: false },
  portuguese: { iso1: 'pt', iso3: 'por', voice: 'pt', font: NOTO, rtl: false },
  chinese: { iso1: 'zh', iso3: 'chi', voice: 'cmn', font: 'Noto Sans CJK SC', rtl: false },
  japanese: { iso1: 'ja', iso3: 'jpn', voice: 'ja', font: 'Noto Sans CJK JP', rtl: false },
  korean: { iso1: 'ko', iso3: 'kor', voice: 'ko', font: 'Noto Sans CJK KR', rtl: false },
  arabic: { iso1: 'ar', iso3: 'ara', voice: 'ar', font: 'Noto Naskh Arabic', rtl: true },
  hebrew: { iso1: 'he', iso3: 'heb', voice: 'he', font: 'Noto Sans Hebrew', rtl: true },
  russian: { iso1: 'ru', iso3: 'rus', voice: 'ru', font: NOTO, rtl: false },
  dutch: { iso1: 'nl', iso3: 'dut', voice: 'nl', font: NOTO, rtl: false },
  polish: { iso1: 'pl', iso3: 'pol', voice: 'pl', font: NOTO, rtl: false },
  swedish: { iso1: 'sv', iso3: 'swe', voice: 'sv', font: NOTO, rtl: false },
  norwegian: { iso1: 'no', iso3: 'nor', voice: 'nb', font: NOTO, rtl: false },
  danish: { iso1: 'da', iso3: 'dan', voice: 'da', font: NOTO, rtl: false },
};

export function languageFacts(language: TranslationLanguage): LanguageFacts {
  return FACTS[language];
}

export function isTranslationLanguage(value: unknown): value is TranslationLanguage {
  return typeof value === 'string' && (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
}

/** The product language for an ISO 639-1 code an STT endpoint reports ('en', 'english' both work). */
export function languageFromCode(code: string | undefined | null): TranslationLanguage | null {
  if (!code) return null;
  const c = code.trim().toLowerCase();
  if (isTranslationLanguage(c)) return c;
  const base = c.split(/[-_]/)[0];
  for (const lang of TRANSLATION_LANGUAGES) {
    const f = FACTS[lang];
    if (f.iso1 === base || f.iso3 === base) return lang;
  }
  if (base === 'nb' || base === 'nn') return 'norwegian';
  return null;
}
