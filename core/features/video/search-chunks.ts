/**
 * Transcript chunks as search chunks: each carries its time range (and
 * whether the transcript is low confidence), so answers cite
 * "Title · 0:12–0:18", show the frame at that time and link `#t=12`.
 */
import type { Chunk } from '../../engines/search/types';
import type { TimedChunk } from './chunks';
import { languageFacts } from './languages';
import type { Transcript } from './speech/types';

export function videoSearchChunks(o: { itemId: number; title: string; transcript: Transcript; chunks: TimedChunk[]; frames: Record<number, number> }): Chunk[] {
  const language = languageFacts(o.transcript.language).iso1;
  return o.chunks.map((c) => ({
    id: `video:${o.itemId}:${c.index}`,
    itemType: 'video',
    itemId: o.itemId,
    title: o.title,
    text: c.text,
    page: null,
    slide: null,
    heading: null,
    language,
    imageIds: [],
    ordinal: c.index,
    startSec: c.start,
    endSec: c.end,
    ...(o.frames[c.index] !== undefined ? { frameSec: o.frames[c.index] } : {}),
    ...(o.transcript.quality === 'low' ? { lowConfidence: true } : {}),
  }));
}
