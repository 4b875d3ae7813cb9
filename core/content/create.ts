import { createReadStream } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors';
import { assertKind, type SniffKind } from '../ingest/sniff';
import { keys, publicUrlForKey } from '../paths';
import { TRANSLATION_LANGUAGES, VIDEO_SUBCATEGORIES, type ContentItem, type ContentType, type Document, type Presentation, type TranslationInfo, type Video, type VideoSubcategory } from '../types';
import type { ContentDeps } from './deps';
import { discard, type IncomingFile } from './spool';

export const ACCEPTED: Record<ContentType, SniffKind[]> = {
  document: ['pdf', 'docx'],
  presentation: ['pptx'],
  video: ['mp4'],
};

export interface TranslationRequest {
  needsTranslation: boolean;
  targetLanguage: string | null;
}

const now = () => new Date().toISOString();
const stripExt = (name: string) => name.replace(/\.[^.]+$/, '');

export function cleanText(value: unknown, max: number, field: string): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (s.length > max) throw new AppError('validation', `${field} must be at most ${max} characters`);
  return s;
}

/** Validates a translation request: a known target language when translation is wanted. */
export function translationFor(req: TranslationRequest): TranslationInfo {
  const lang = req.targetLanguage?.trim().toLowerCase() || null;
  if (lang && !(TRANSLATION_LANGUAGES as readonly string[]).includes(lang)) {
    throw new AppError('validation', `Unknown target language "${req.targetLanguage}". Use one of: ${TRANSLATION_LANGUAGES.join(', ')}`);
  }
  if (req.needsTranslation && !lang) throw new AppError('validation', 'Please select a target language for translation');
  return { state: lang && req.needsTranslation ? 'requested' : 'none', targetLanguage: lang, fileKey: null, error: null };
}

function assertCategory(deps: ContentDeps, categoryId: number | null | undefined) {
  if (categoryId != null) deps.catalog.categories.require(categoryId);
  return categoryId ?? null;
}

/** Same bytes already imported (and not failed)? Unless forced, that is a conflict. */
function assertNotDuplicate(deps: ContentDeps, type: ContentType, file: IncomingFile, force?: boolean) {
  if (force) return;
  const dup = deps.catalog.items(type).find((r) => r.sha256 === file.sha256 && r.status !== 'failed');
  if (dup) {
    const title = 'title' in dup ? dup.title : dup.label;
    throw new AppError('conflict', `This file was already imported as ${type} ${dup.id} ("${title}"). Use force to import it again.`, {
      details: { existingId: dup.id },
    });
  }
}

/** Checks the content type, stores the original and returns the key + sniffed mime. */
async function storeOriginal(deps: ContentDeps, type: ContentType, file: IncomingFile, key: string) {
  const sniffed = await assertKind(file.path, ACCEPTED[type], file.fileName);
  await deps.store.put(key, createReadStream(file.path), { size: file.size, contentType: sniffed.mime });
  return sniffed.mime;
}

function processingFields(file: IncomingFile, mime: string, key: string, translation: TranslationInfo) {
  return {
    status: 'pending' as const, progress: 0, step: 'Queued', error: null, sha256: file.sha256,
    fileName: path.basename(file.fileName), fileType: mime, fileSize: file.size, fileKey: key, translation, updatedAt: now(),
  };
}

/** Reserves an id, stores the file under it and inserts the record; cleans up on failure. */
async function createItem<T extends { id: number }>(
  deps: ContentDeps,
  type: ContentType,
  file: IncomingFile,
  keyFor: (id: number) => string,
  build: (id: number, key: string, mime: string) => T,
): Promise<T> {
  const { catalog } = deps;
  const id = catalog.batch((d) => d.nextId++);
  const key = keyFor(id);
  try {
    const mime = await storeOriginal(deps, type, file, key);
    const record = build(id, key, mime);
    catalog.batch((d) => {
      const list = (type === 'document' ? d.documents : type === 'presentation' ? d.presentations : d.videos) as unknown as T[];
      list.push(record);
    });
    deps.queue.enqueue('ingest', type, id);
    return structuredClone(record);
  } catch (e) {
    await deps.store.delete(key).catch(() => {});
    throw e;
  }
}

export interface DocumentFields extends TranslationRequest {
  title?: string;
  description?: string;
  status?: string;
  categoryId?: number | null;
  force?: boolean;
}

export async function createDocument(deps: ContentDeps, file: IncomingFile, f: DocumentFields): Promise<Document> {
  try {
    assertNotDuplicate(deps, 'document', file, f.force);
    const translation = translationFor(f);
    const categoryId = assertCategory(deps, f.categoryId);
    const title = cleanText(f.title, 300, 'Title') || stripExt(path.basename(file.fileName));
    const description = cleanText(f.description, 5000, 'Description');
    return await createItem<Document>(deps, 'document', file, (id) => keys.documentOriginal(id, file.fileName), (id, key, mime) => ({
      id, title, description, sourceLanguage: null, languageto: translation.targetLanguage, needsTranslation: f.needsTranslation,
      categoryId, approvedDate: null, createdAt: now(), pageCount: null, chunkCount: 0, imageCount: 0,
      ...processingFields(file, mime, key, translation),
    }));
  } finally {
    await discard(file);
  }
}

export interface PresentationFields {
  title?: string;
  description?: string;
  languageto?: string | null;
  categoryId?: number | null;
  force?: boolean;
}

export async function createPresentation(deps: ContentDeps, file: IncomingFile, f: PresentationFields): Promise<Presentation> {
  try {
    assertNotDuplicate(deps, 'presentation', file, f.force);
    const translation = translationFor({ needsTranslation: !!f.languageto, targetLanguage: f.languageto ?? null });
    const categoryId = assertCategory(deps, f.categoryId);
    const label = cleanText(f.title, 300, 'Title') || stripExt(path.basename(file.fileName));
    return await createItem<Presentation>(deps, 'presentation', file, (id) => keys.presentationOriginal(id, file.fileName), (id, key, mime) => ({
      id, label, description: cleanText(f.description, 5000, 'Description'), slideCount: null, sourceLanguage: null,
      languageto: translation.targetLanguage, categoryId, createdAt: now(), chunkCount: 0, imageCount: 0,
      ...processingFields(file, mime, key, translation),
    }));
  } finally {
    await discard(file);
  }
}

export interface VideoFields extends TranslationRequest {
  label?: string;
  subcategory?: string;
  description?: string;
  hasSpeech?: boolean;
  force?: boolean;
}

export async function createVideo(deps: ContentDeps, file: IncomingFile, f: VideoFields): Promise<Video> {
  try {
    assertNotDuplicate(deps, 'video', file, f.force);
    const subcategory = (f.subcategory || 'broadcast') as VideoSubcategory;
    if (!VIDEO_SUBCATEGORIES.includes(subcategory)) {
      throw new AppError('validation', `Unknown video subcategory "${f.subcategory}". Use one of: ${VIDEO_SUBCATEGORIES.join(', ')}`);
    }
    const translation = translationFor(f);
    const label = cleanText(f.label, 300, 'Label') || stripExt(path.basename(file.fileName));
    return await createItem<Video>(deps, 'video', file, (id) => keys.videoOriginal(id, file.fileName), (id, key, mime) => ({
      id, label, subcategory, duration: null, description: cleanText(f.description, 5000, 'Description'), sourceLanguage: null,
      languageto: translation.targetLanguage, needsTranslation: f.needsTranslation, hasSpeech: f.hasSpeech ?? true, createdAt: now(),
      originalFilePath: publicUrlForKey(key), translatedFilePath: null, thumbnailKey: null,
      ...processingFields(file, mime, key, translation),
    }));
  } finally {
    await discard(file);
  }
}

export interface ContentFormState {
  title?: string;
  description?: string;
  type?: string;
  category?: string;
  needsTranslation?: boolean;
  targetLanguage?: string;
  tags?: string[] | string;
  language?: string;
  hasSpeech?: boolean;
}

/** "Other" content posted as JSON (spec: the upload form state). */
export function createContentItem(deps: ContentDeps, form: ContentFormState): ContentItem {
  const title = cleanText(form.title, 300, 'Title');
  if (!title) throw new AppError('validation', 'Title is required');
  translationFor({ needsTranslation: !!form.needsTranslation, targetLanguage: form.targetLanguage ?? null });
  const tags = (Array.isArray(form.tags) ? form.tags : (form.tags ?? '').split(','))
    .map((t) => String(t).trim()).filter(Boolean).slice(0, 50);
  return deps.catalog.contentItems.insert({
    type: cleanText(form.type, 40, 'Type') || 'document', title, status: 'pending', fileName: '', fileType: '', fileSize: 0,
    uploadDate: now(), approvedDate: null, needsTranslation: !!form.needsTranslation, description: cleanText(form.description, 5000, 'Description'),
    category: cleanText(form.category, 200, 'Category') || null, tags,
  });
}
