/**
 * Translations are content: their text is indexed in the target language,
 * each chunk pointing to the translated file and to the original item's
 * page or slide. The text is kept in the store (like extracted text) so a
 * reindex rebuilds these chunks without translating again.
 */
import { chunkSections } from '../../engines/search/chunker';
import type { ExtractedSection } from '../../formats/types';
import { keys, publicUrlForKey } from '../../engines/storage/layout';
import type { RecordDeps } from '../../engines/records/deps';
import type { Chunk } from '../../engines/search/types';
import { languageCode } from '../../foundation/text/language';
import type { ContentType, TranslationRecord } from '../../foundation/types';
import type { TranslatedUnit } from './types';

interface StoredTranslation {
  itemType: ContentType;
  itemId: number;
  title: string;
  language: string;
  fileKey: string;
  unitKind: 'page' | 'slide' | 'time';
  units: TranslatedUnit[];
  /** Videos: the time range (and frame) of each unit, a transcript passage. */
  ranges?: Record<number, { startSec: number; endSec: number; frameSec?: number }>;
}

async function readJson<T>(deps: RecordDeps, key: string): Promise<T | null> {
  if (!(await deps.store.head(key))) return null;
  const { body } = await deps.store.get(key);
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as T;
}

function chunksOf(t: StoredTranslation): Chunk[] {
  if (t.unitKind === 'time') return timedChunksOf(t);
  const sections: ExtractedSection[] = t.units.filter((u) => u.text.trim())
    .map((u) => (t.unitKind === 'page' ? { text: u.text, page: u.unit } : { text: u.text, slide: u.unit }));
  const code = languageCode(t.language) ?? 'und';
  const filePath = publicUrlForKey(t.fileKey);
  return chunkSections(sections, { itemType: t.itemType, itemId: t.itemId, title: `${t.title} (${t.language})`, imagesByPage: new Map(), imagesBySlide: new Map() })
    .map((c) => ({ ...c, id: `${c.itemType}:${c.itemId}:${code}:${c.ordinal}`, language: code, translation: { language: t.language, fileKey: t.fileKey, filePath } }));
}

/** A video's translated transcript: one chunk per passage, with the original's time range and frame. */
function timedChunksOf(t: StoredTranslation): Chunk[] {
  const code = languageCode(t.language) ?? 'und';
  const filePath = publicUrlForKey(t.fileKey);
  return t.units.filter((u) => u.text.trim()).map((u, i) => {
    const r = t.ranges?.[u.unit];
    return {
      id: `${t.itemType}:${t.itemId}:${code}:${i}`, itemType: t.itemType, itemId: t.itemId, title: `${t.title} (${t.language})`,
      text: u.text, page: null, slide: null, heading: null, language: code, imageIds: [], ordinal: i,
      ...(r ? { startSec: r.startSec, endSec: r.endSec, ...(r.frameSec !== undefined ? { frameSec: r.frameSec } : {}) } : {}),
      translation: { language: t.language, fileKey: t.fileKey, filePath },
    };
  });
}

/** Stores a finished translation's text and indexes it. Returns the number of chunks. */
export async function indexTranslation(deps: RecordDeps, t: TranslationRecord, title: string, units: TranslatedUnit[],
  ranges?: StoredTranslation['ranges']): Promise<number> {
  const stored: StoredTranslation = {
    itemType: t.itemType, itemId: t.itemId, title, language: t.targetLanguage, fileKey: t.fileKey as string,
    unitKind: t.itemType === 'video' ? 'time' : t.itemType === 'presentation' ? 'slide' : 'page', units, ...(ranges ? { ranges } : {}),
  };
  await deps.store.put(keys.translatedText(t.itemType, t.itemId, t.targetLanguage), Buffer.from(JSON.stringify(stored)));
  const chunks = chunksOf(stored);
  if (chunks.length) await deps.search.upsert(chunks);
  return chunks.length;
}

/** Chunks of an item's completed translations, from their stored text (for reindexing). */
export async function translationChunks(deps: RecordDeps, type: ContentType, id: number): Promise<Chunk[]> {
  const out: Chunk[] = [];
  for (const t of await deps.catalog.translations.list((x) => x.itemType === type && x.itemId === id && x.state === 'completed')) {
    const stored = await readJson<StoredTranslation>(deps, keys.translatedText(type, id, t.targetLanguage));
    if (stored) out.push(...chunksOf(stored));
  }
  return out;
}

