import type { Catalog } from '../../engines/catalog/types';
import { publicUrlForKey } from '../../engines/storage/layout';
import type { VideoVersion } from '../../foundation/types';
import { DEFAULT_VIDEO_OPTIONS } from './options';

/** The translated versions of a video, from its translation records (oldest first). */
export async function videoVersions(catalog: Catalog, videoId: number): Promise<VideoVersion[]> {
  return (await catalog.translations.list((t) => t.itemType === 'video' && t.itemId === videoId)).sort((a, b) => a.id - b.id).map((t) => ({
    id: t.id,
    targetLanguage: t.targetLanguage,
    state: t.state,
    error: t.error,
    filePath: t.fileKey ? publicUrlForKey(t.fileKey) : null,
    fileName: t.fileName,
    subtitlesPath: t.subtitlesPath ?? null,
    subtitlesSrtPath: t.subtitlesPath ? t.subtitlesPath.replace(/\.vtt$/, '.srt') : null,
    options: t.options ?? DEFAULT_VIDEO_OPTIONS,
    files: t.videoFiles ?? [],
  }));
}
