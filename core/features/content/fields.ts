import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { refusal, type RefusalCode } from '../../foundation/messages';
import { languageCode } from '../../foundation/text/language';
import { parseAudience, parseValidUntil } from '../governance/review';
import { TRANSLATION_LANGUAGES, VIDEO_SUBCATEGORIES, type Audience, type SyncSource, type TranslationInfo, type VideoOptions, type VideoSubcategory } from '../../foundation/types';
import { DEFAULT_VIDEO_OPTIONS, parseVideoOptions } from '../video/options';
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
 *   spokenLanguage  videos: `sourceLanguage` (or `language`), the language spoken (default English)
 *   videoOptions videos: `subtitles` soft|burned, `dub` true|false, for their translations
 *   tags         support images: a list or a comma-separated string
 *   force        import again even when the same bytes were imported
 *   approve      approve on upload (needs the review permission; AUTO_APPROVE approves every upload)
 *   audience     public (default) | staff
 *   validUntil   a date (2027-01-31) or date-time after which the item is no longer public
 *   syncSource   set by `cms sync`: the file's folder, path in it, hash, size and mtime (JSON when from a form)
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
  /** Videos: ISO 639-1 code of the language spoken, or null (treated as English). */
  spokenLanguage: string | null;
  videoOptions: VideoOptions;
  tags: string[];
  force: boolean;
  approve: boolean;
  audience: Audience;
  validUntil: string | null;
  syncSource: SyncSource | null;
}

/** `syncSource` as a face received it (an object, or JSON from a form). */
export function parseSyncSource(v: unknown): SyncSource | null {
  if (v === undefined || v === null || v === '') return null;
  let o: unknown = v;
  if (typeof v === 'string') {
    try { o = JSON.parse(v); } catch { throw new AppError('validation', 'syncSource must be JSON'); }
  }
  const r = o as Partial<SyncSource>;
  if (!r || typeof r.path !== 'string' || typeof r.root !== 'string' || typeof r.sha256 !== 'string' || typeof r.size !== 'number' || typeof r.mtimeMs !== 'number') {
    throw new AppError('validation', 'syncSource needs root, path, sha256, size and mtimeMs');
  }
  return {
    root: r.root.slice(0, 1000), path: r.path.slice(0, 1000), sha256: r.sha256.slice(0, 64), size: r.size, mtimeMs: r.mtimeMs,
    ...(typeof r.etag === 'string' ? { etag: r.etag.slice(0, 300) } : {}), ...(typeof r.lastModified === 'string' ? { lastModified: r.lastModified.slice(0, 100) } : {}),
  };
}

/** What a face received: strings from a form, or typed values. */
export type RawFields = Record<string, unknown>;

/** The refusal of a text field that is too long, by the field's name. */
const TOO_LONG = {
  'Title': 'refusal.title_long',
  'Label': 'refusal.label_long',
  'Description': 'refusal.description_long',
  'Type': 'refusal.type_long',
  'Category': 'refusal.category_long',
  'Category name': 'refusal.category_name_long',
  'Source language': 'refusal.source_language_long',
} as const satisfies Record<string, RefusalCode>;

export function cleanText(value: unknown, max: number, field: keyof typeof TOO_LONG): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (s.length > max) throw refusal('validation', TOO_LONG[field], { max }, `${field} must be at most ${max} characters`);
  return s;
}

export function asBool(v: unknown): boolean {
  return v === true || v === 'true' || v === '1' || v === 'on';
}

export function asOptionalId(v: unknown, field: 'categoryId'): number | null {
  if (v === undefined || v === null || v === '' || v === 'null') return null;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || n < 1) throw refusal('validation', 'refusal.category_id_invalid', { value: String(v) }, `${field} must be a positive whole number`);
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
    throw refusal('validation', 'refusal.target_language_unknown', { value: raw }, `Unknown target language "${raw}". Use one of: ${TRANSLATION_LANGUAGES.join(', ')}`);
  }
  if (needsTranslation && !lang) throw refusal('validation', 'refusal.target_language_required');
  return { state: lang && needsTranslation ? 'requested' : 'none', targetLanguage: lang, fileKey: null, error: null };
}

function subcategoryOf(v: unknown): VideoSubcategory {
  const s = (typeof v === 'string' && v) || 'broadcast';
  if (!(VIDEO_SUBCATEGORIES as readonly string[]).includes(s)) {
    throw refusal('validation', 'refusal.subcategory_unknown', { value: s }, `Unknown video subcategory "${s}". Use one of: ${VIDEO_SUBCATEGORIES.join(', ')}`);
  }
  return s as VideoSubcategory;
}

function spokenLanguageOf(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const code = typeof v === 'string' ? languageCode(v) : null;
  if (!code) throw refusal('validation', 'refusal.spoken_language_unknown', { value: String(v) }, `Unknown spoken language "${String(v)}". Use one of: ${TRANSLATION_LANGUAGES.join(', ')}`);
  return code;
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
    spokenLanguage: kind === 'video' ? spokenLanguageOf(raw.sourceLanguage ?? raw.language) : null,
    videoOptions: kind === 'video' ? parseVideoOptions(raw) : DEFAULT_VIDEO_OPTIONS,
    tags: asTags(raw.tags),
    force: asBool(raw.force),
    approve: asBool(raw.approve),
    audience: parseAudience(raw.audience),
    validUntil: parseValidUntil(raw.validUntil),
    syncSource: parseSyncSource(raw.syncSource),
  };
}

export const titleFromFileName = (fileName: string) => path.basename(fileName).replace(/\.[^.]+$/, '');
