/** The video languages' BCP 47 codes (subtitle tracks, file names, `lang` of transcript lines). */
export const LANG_CODE: Record<string, string> = {
  english: 'en', spanish: 'es', french: 'fr', german: 'de', italian: 'it', portuguese: 'pt', chinese: 'zh', japanese: 'ja', korean: 'ko',
  arabic: 'ar', hebrew: 'he', russian: 'ru', dutch: 'nl', polish: 'pl', swedish: 'sv', norwegian: 'no', danish: 'da',
};
