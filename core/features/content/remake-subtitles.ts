/**
 * After a video's transcript changed (transcribed again, or edited), its
 * translated versions are made again from the new transcript: every
 * finished or failed translation of the video is queued again (a running
 * or queued one will read the new transcript when it starts).
 */
import type { ContentDeps } from './deps';
import { retryTranslation } from './translations';

export async function remakeVideoTranslations(deps: ContentDeps, videoId: number): Promise<number> {
  const done = await deps.catalog.translations.list((t) => t.itemType === 'video' && t.itemId === videoId && (t.state === 'completed' || t.state === 'failed'));
  for (const t of done) {
    if (t.state === 'completed') await deps.catalog.translations.update(t.id, { state: 'failed' });
    await retryTranslation(deps, t.id);
  }
  return done.length;
}
