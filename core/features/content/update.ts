import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import type { Document } from '../../foundation/types';
import { cleanText } from './fields';
import type { ContentDeps } from './deps';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

export type DocumentPatch = Static<typeof S.DocumentPatch>;

export async function updateDocument(deps: ContentDeps, id: number, patch: DocumentPatch): Promise<Document> {
  await deps.catalog.documents.require(id);
  const changes: Partial<Document> = { updatedAt: new Date().toISOString() };
  if (patch.title !== undefined) {
    const title = cleanText(patch.title, 300, 'Title');
    if (!title) throw refusal('validation', 'refusal.title_required');
    changes.title = title;
  }
  if (patch.description !== undefined) changes.description = cleanText(patch.description, 5000, 'Description');
  if (patch.sourceLanguage !== undefined) changes.sourceLanguage = cleanText(patch.sourceLanguage ?? '', 40, 'Source language') || null;
  return await deps.catalog.documents.update(id, changes);
}
