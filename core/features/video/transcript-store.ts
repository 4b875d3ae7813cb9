/**
 * The transcript of a video kept in the ObjectStore: WebVTT (players,
 * downloads) and JSON with the timed segments and chunks (search, reindex,
 * translation, resume after a kill).
 */
import type { ObjectStore } from '../../engines/storage/types';
import type { TimedChunk } from './chunks';
import type { Chunk } from '../../engines/search/types';
import { videoKeys } from '../../engines/storage/layout';
import { videoSearchChunks } from './search-chunks';
import type { Transcript } from './speech/types';

export interface StoredTranscript {
  itemId: number;
  title: string;
  transcript: Transcript;
  chunks: TimedChunk[];
  /** Frame times (s) per chunk index, when frames were taken. */
  frames: Record<number, number>;
  /** Every stored frame time (s), for matching frames to chunks after an edit. */
  frameTimes?: number[];
}

/** Keeps the transcript (and its WebVTT when given: an interrupted run keeps the segments first). */
export async function saveTranscript(store: ObjectStore, t: StoredTranscript, vtt: string | null): Promise<void> {
  if (vtt !== null) await store.put(videoKeys.transcriptVtt(t.itemId), Buffer.from(vtt, 'utf8'));
  await store.put(videoKeys.transcriptJson(t.itemId), Buffer.from(JSON.stringify(t)));
}

/** Keeps the machine's transcript beside the current one (the editor's "original"). */
export async function saveOriginalTranscript(store: ObjectStore, t: StoredTranscript): Promise<void> {
  await store.put(videoKeys.transcriptOriginalJson(t.itemId), Buffer.from(JSON.stringify(t)));
}

export async function loadOriginalTranscript(store: ObjectStore, id: number): Promise<StoredTranscript | null> {
  const buf = await readAll(store, videoKeys.transcriptOriginalJson(id));
  return buf ? (JSON.parse(buf.toString('utf8')) as StoredTranscript) : null;
}

async function readAll(store: ObjectStore, key: string): Promise<Buffer | null> {
  if (!(await store.head(key))) return null;
  const { body } = await store.get(key);
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

export async function loadTranscript(store: ObjectStore, id: number): Promise<StoredTranscript | null> {
  const buf = await readAll(store, videoKeys.transcriptJson(id));
  return buf ? (JSON.parse(buf.toString('utf8')) as StoredTranscript) : null;
}

export async function loadTranscriptVtt(store: ObjectStore, id: number): Promise<string | null> {
  return (await readAll(store, videoKeys.transcriptVtt(id)))?.toString('utf8') ?? null;
}

/** The search chunks of a kept transcript (reindex rebuilds them without transcribing again). */
export async function transcriptChunks(store: ObjectStore, id: number): Promise<Chunk[]> {
  const t = await loadTranscript(store, id);
  return t && t.chunks.length ? videoSearchChunks(t) : [];
}
