/**
 * i18next setup. Language detection: the stored choice (i18nextLng), then the
 * browser, then English. Choosing a language stores it, sets <html lang> and
 * dir (rtl for Hebrew), and stores isRTL.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/constants';
import { en } from '../locales/en';
import { he } from '../locales/he';

export type AppLanguage = 'en' | 'he';
export const RTL_LANGUAGES: readonly AppLanguage[] = ['he'];

function normalize(code: string | null | undefined): AppLanguage | null {
  if (!code) return null;
  const base = code.toLowerCase().split(/[-_]/)[0];
  if (base === 'he' || base === 'iw') return 'he';
  if (base === 'en') return 'en';
  return null;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

export function detectLanguage(): AppLanguage {
  const stored = normalize(readStored());
  if (stored) return stored;
  const browser = typeof navigator !== 'undefined' ? [...(navigator.languages ?? []), navigator.language] : [];
  for (const code of browser) {
    const lng = normalize(code);
    if (lng) return lng;
  }
  return 'en';
}

export function applyDocumentLanguage(lng: AppLanguage): void {
  const root = document.documentElement;
  root.lang = lng;
  root.dir = RTL_LANGUAGES.includes(lng) ? 'rtl' : 'ltr';
}

export function setLanguage(lng: AppLanguage): void {
  const rtl = RTL_LANGUAGES.includes(lng);
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
    localStorage.setItem(STORAGE_KEYS.isRTL, String(rtl));
  } catch {
    /* storage may be unavailable (private mode); the choice still applies now */
  }
  applyDocumentLanguage(lng);
  void i18n.changeLanguage(lng);
}

const initial = detectLanguage();
applyDocumentLanguage(initial);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, he: { translation: he } },
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: ['en', 'he'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export { i18n };
