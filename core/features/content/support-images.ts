import { createReadStream } from 'node:fs';
import { kindsFor } from '../../formats/index';
import { assertKind, nameForContent } from '../../formats/sniff';
import { keys, publicUrlForKey } from '../../engines/storage/layout';
import type { BotImage } from '../../foundation/types';
import { asTags, cleanText } from './fields';
import type { ContentDeps } from './deps';
import { discard, type IncomingFile } from './spool';

export interface SupportImageFields {
  description?: string;
  tags?: string[] | string;
}

/** A chatbot support image uploaded on its own: a bot image with no document ("Ungrouped Images"). */
export async function createSupportImage(deps: ContentDeps, file: IncomingFile, f: SupportImageFields): Promise<BotImage> {
  try {
    const sniffed = await assertKind(file.path, kindsFor('image'), file.fileName);
    const id = await deps.catalog.reserveId();
    // Stored (and so served and downloaded) under the extension of its data: "image-8.jpg" holding PNG is kept as image-8.png.
    const key = keys.supportImage(id, nameForContent(file.fileName, sniffed));
    await deps.store.put(key, createReadStream(file.path), { size: file.size, contentType: sniffed.mime });
    const row: BotImage = {
      id, image: publicUrlForKey(key), imageKey: key, documentId: null, documentTitle: null, page: null,
      description: cleanText(f.description, 2000, 'Description'), tags: asTags(f.tags), createdAt: new Date().toISOString(),
    };
    return await deps.catalog.botImages.put(row);
  } finally {
    await discard(file);
  }
}
