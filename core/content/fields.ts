import path from 'node:path';
import { AppError } from '../errors';
import { TRANSLATION_LANGUAGES, VIDEO_SUBCATEGORIES, type TranslationInfo, type VideoSubcategory } from '../types';
import type { UploadKind } from './classify';

/**
 * The one place upload fields are read. Every face hands over what it got
 * (multipart strings from the API, typed values from the CLI) under the
 * spec's names for that kind; this maps them to one shape:
 *
 *   title        `title`; videos also `label` (the spec's name for them)
 *   translation  `needsTranslation` + `targetLanguage`; presentations also
 *                `languageto` (a language there means "translate into it")
 *   categoryId   documents and presentations (videos have none)
 *   subcategory  videos: broadcast | podcast | learning_resources
 *   hasSpeech    videos (default true)
 *   tags         support images: a list or a comma-separated string
 *   force        import again even when the same bytes were imported
 *
 * Adding a field is one entry here (and its use in ./create.ts).
 */
export interface UploadFields {
  /** Empty when not given: the file name is used. */
  title: string;
  description: string;
  categoryId: number | null;
  needsTranslation: boolean;
  translation: TranslationInfo;
  subcategory: VideoSubcategory;
  hasSpeech: boolean;
  tags: string[];
  force: boolean;
}

/** What a face received: strings from a form, or typed values. */
export type RawFields = Record<string, unknown>;

export function cleanText(value: unknown, max: number, field: string): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (s.length > max) throw new AppError('validation', `${field} must be at most ${max} characters`);
  return s;
}

export function asBool(v: unknown): boolean {
  return v === true || v === 'true' || v === '1' || v === 'on';
}

export function asOptionalId(v: unknown, field: string): number | null {
  if (v === undefined || v === null || v === '' || v === 'null') return null;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError('validation', `${field} must be a positive whole number`);
  return n;
}

export function asTags(v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return list.map((t) => String(t).trim()).filter(Boolean).slice(0, 50);
}

/** Validates a translation request: a known target language when translation is wanted. */
export function translationFor(needsTranslation: boolean, targetLanguage: unknown): TranslationInfo {
  const raw = typeof targetLanguage === 'string' ? targetLanguage : '';
  const lang = raw.trim().toLowerCase() || null;
  if (lang && !(TRANSLATION_LANGUAGES as readonly string[]).includes(lang)) {
    throw new AppError('validation', `Unknown target language "${raw}". Use one of: ${TRANSLATION_LANGUAGES.join(', ')}`);
  }
  if (needsTranslation && !lang) throw new AppError('validation', 'Please select a target language for translation');
  return { state: lang && needsTranslation ? 'requested' : 'none', targetLanguage: lang, fileKey: null, error: null };
}

function subcategoryOf(v: unknown): VideoSubcategory {
  const s = (typeof v === 'string' && v) || 'broadcast';
  if (!(VIDEO_SUBCATEGORIES as readonly string[]).includes(s)) {
    throw new AppError('validation', `Unknown video subcategory "${s}". Use one of: ${VIDEO_SUBCATEGORIES.join(', ')}`);
  }
  return s as VideoSubcategory;
}

/** Maps the fields of one upload of `kind` to the one shape create uses. */
export function normalizeUploadFields(kind: UploadKind, raw: RawFields): UploadFields {
  const title = cleanText(raw.title ?? (kind === 'video' ? raw.label : undefined), 300, kind === 'video' && raw.title === undefined ? 'Label' : 'Title');
  const languageto = kind === 'presentation' && raw.targetLanguage === undefined ? raw.languageto : undefined;
  const needsTranslation = languageto !== undefined ? !!languageto : asBool(raw.needsTranslation);
  return {
    title,
    description: cleanText(raw.description, 5000, 'Description'),
    categoryId: kind === 'video' ? null : asOptionalId(raw.categoryId, 'categoryId'),
    needsTranslation,
    translation: translationFor(needsTranslation, languageto ?? raw.targetLanguage),
    subcategory: kind === 'video' ? subcategoryOf(raw.subcategory) : 'broadcast',
    hasSpeech: raw.hasSpeech === undefined || raw.hasSpeech === '' ? true : asBool(raw.hasSpeech),
    tags: asTags(raw.tags),
    force: asBool(raw.force),
  };
}

export const titleFromFileName = (fileName: string) => path.basename(fileName).replace(/\.[^.]+$/, '');
