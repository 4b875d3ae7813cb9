import { AppError } from '../errors';
import type { BotImage, Document, Presentation, Video } from '../types';
import { classifyFile, type UploadKind } from './classify';
import { createDocument, createPresentation, createVideo } from './create';
import type { ContentDeps } from './deps';
import { discard, type IncomingFile } from './spool';
import { createSupportImage } from './support-images';

export interface AnyUploadFields {
  title?: string;
  description?: string;
  needsTranslation: boolean;
  targetLanguage: string | null;
  categoryId?: number | null;
  tags?: string[] | string;
  hasSpeech?: boolean;
  force?: boolean;
}

export type AnyUploadResult =
  | { kind: 'document'; item: Document }
  | { kind: 'presentation'; item: Presentation }
  | { kind: 'video'; item: Video }
  | { kind: 'image'; item: BotImage };

/** Creates the record of a file whose kind is known (the upload route below, `cms import`). */
export async function createOfKind(deps: ContentDeps, kind: UploadKind, file: IncomingFile, f: AnyUploadFields): Promise<AnyUploadResult> {
  switch (kind) {
    case 'document':
      return { kind, item: await createDocument(deps, file, f) };
    case 'presentation':
      return { kind, item: await createPresentation(deps, file, { title: f.title, description: f.description, languageto: f.needsTranslation ? f.targetLanguage : null, categoryId: f.categoryId, force: f.force }) };
    case 'video':
      return { kind, item: await createVideo(deps, file, { label: f.title, description: f.description, needsTranslation: f.needsTranslation, targetLanguage: f.targetLanguage, hasSpeech: f.hasSpeech, force: f.force }) };
    case 'image':
      return { kind, item: await createSupportImage(deps, file, { description: f.description || f.title, tags: f.tags }) };
    default: {
      const never: never = kind;
      throw new AppError('internal', `Unhandled upload kind ${String(never)}`);
    }
  }
}

/**
 * One upload of any accepted file ("other" content in the upload dialog):
 * the content decides what it becomes, then the matching create runs.
 */
export async function uploadAny(deps: ContentDeps, file: IncomingFile, f: AnyUploadFields): Promise<AnyUploadResult> {
  const c = await classifyFile(file.path, file.fileName);
  if ('skip' in c) {
    await discard(file);
    throw new AppError('unsupported_type', `The file "${file.fileName}" is ${c.skip}`);
  }
  return createOfKind(deps, c.type, file, f);
}
