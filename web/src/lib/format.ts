/** Display rules of spec section 3. */

/** The locale dates and times are written in: the page's language (Hebrew when the console speaks Hebrew), else US English. */
const dateLocale = (): string => (typeof document !== 'undefined' && document.documentElement.lang === 'he' ? 'he-IL' : 'en-US');

/** Short date: "Jan 5, 2025" (in Hebrew "5 בינו׳ 2025"). Unparseable input shows as given. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toLocaleDateString(dateLocale(), { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Time of day for chat bubbles, e.g. "3:07 PM" (in Hebrew "15:07"). */
export function formatTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString(dateLocale(), { hour: 'numeric', minute: '2-digit' });
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Bytes, KB, MB or GB stepping by 1024 with at most two decimals; 0 is "0 Bytes". */
export function formatBytes(bytes: number | null | undefined): string {
  if (!bytes || bytes <= 0 || !Number.isFinite(bytes)) return '0 Bytes';
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${parseFloat(value.toFixed(2))} ${UNITS[i]}`;
}

/** Lists show sizes in MB with two decimals. */
export function formatMB(bytes: number | null | undefined): string {
  return `${((bytes ?? 0) / (1024 * 1024)).toFixed(2)} MB`;
}

/** Lists are sorted by id ascending (a copy; the cache stays untouched). */
export function sortById<T extends { id: number | string }>(items: readonly T[] | undefined | null): T[] {
  if (!items) return [];
  return [...items].sort((a, b) => {
    const x = Number(a.id), y = Number(b.id);
    if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
    return String(a.id).localeCompare(String(b.id));
  });
}

const RTL_CHARS = /[\u0590-\u05FF\u0600-\u06FF\u0750-\u077F\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** True when the text holds Hebrew or Arabic characters. */
export function isRtlText(text: string): boolean {
  return RTL_CHARS.test(text);
}

/** "12.5 s" / "1:05" style duration for videos. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** File name without its extension ("demo.final.mp4" -> "demo.final"). */
export function stripExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(0, i) : name;
}

/** Lower-case extension without the dot, "" when none. */
export function extensionOf(name: string): string {
  const base = name.split('/').pop() ?? name;
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i + 1).toLowerCase() : '';
}

/**
 * A language code as a name in the reader's language ("en" -> "English" or
 * "אנגלית"); null for no code or "und" (unknown), so callers show their own
 * "not specified" text rather than a bare code.
 */
export function languageLabel(code: string | null | undefined, uiLanguage: string): string | null {
  if (!code || code === 'und') return null;
  try {
    const name = new Intl.DisplayNames([uiLanguage, 'en'], { type: 'language' }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}
