import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { FORMATS } from '../../formats/index';
import type { Actor } from '../governance/roles';
import type { BotImage, Document, Presentation, Video } from '../../foundation/types';
import { classifyFile, type UploadKind } from './classify';
import { createItem } from './create';
import type { ContentDeps } from './deps';
import { normalizeUploadFields, type RawFields } from './fields';
import { discard, type IncomingFile } from './spool';
import { createSupportImage } from './support-images';

export type AnyUploadResult =
  | { kind: 'document'; item: Document }
  | { kind: 'presentation'; item: Presentation }
  | { kind: 'video'; item: Video }
  | { kind: 'image'; item: BotImage };

/** Creates the record of a file whose kind is known, from the fields as the face received them. */
export async function uploadOfKind<K extends UploadKind>(deps: ContentDeps, kind: K, file: IncomingFile, raw: RawFields, actor?: Actor): Promise<Extract<AnyUploadResult, { kind: K }>> {
  return (await upload(deps, kind, file, raw, actor)) as Extract<AnyUploadResult, { kind: K }>;
}

async function upload(deps: ContentDeps, kind: UploadKind, file: IncomingFile, raw: RawFields, actor?: Actor): Promise<AnyUploadResult> {
  let f;
  try {
    f = normalizeUploadFields(kind, raw);
  } catch (e) {
    await discard(file);
    throw e;
  }
  switch (kind) {
    case 'document':
      return { kind, item: await createItem(deps, kind, file, f, actor) };
    case 'presentation':
      return { kind, item: await createItem(deps, kind, file, f, actor) };
    case 'video':
      return { kind, item: await createItem(deps, kind, file, f, actor) };
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
export async function uploadAny(deps: ContentDeps, file: IncomingFile, raw: RawFields, actor?: Actor): Promise<AnyUploadResult> {
  const c = await classifyFile(file.path, file.fileName);
  if ('skip' in c) {
    await discard(file);
    const formats = FORMATS.filter((f) => f.itemType !== 'image').map((f) => f.extensions[0]!.slice(1).toUpperCase()).join(', ');
    throw refusal('unsupported_type', 'refusal.file_not_accepted', { file: file.fileName, formats }, `The file "${file.fileName}" is ${c.skip}`);
  }
  return uploadOfKind(deps, c.type, file, raw, actor);
}
