import { keys } from '../storage/layout';
import type { ObjectStore } from '../storage/types';
import type { ContentType } from '../../foundation/types';
import type { ExtractedSection } from '../../formats/types';

/** The extracted text of an item, kept in the store so `reindex` needs no re-extraction. */
export interface StoredText {
  itemType: ContentType;
  itemId: number;
  title: string;
  sections: ExtractedSection[];
  imagesByPage: Record<number, number[]>;
  imagesBySlide: Record<number, number[]>;
  /** Images with no page or slide, placed by the text around them. */
  unplacedImages?: Array<{ id: number; nearbyText: string }>;
}

export async function saveExtractedText(store: ObjectStore, text: StoredText) {
  await store.put(keys.extractedText(text.itemType, text.itemId), Buffer.from(JSON.stringify(text)));
}

export async function loadExtractedText(store: ObjectStore, type: ContentType, id: number): Promise<StoredText | null> {
  const key = keys.extractedText(type, id);
  if (!(await store.head(key))) return null;
  const { body } = await store.get(key);
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as StoredText;
}
