/**
 * A video is probed once: the ingest keeps what ffprobe found (with a
 * fingerprint of the file it read) beside the item's extracted text, and
 * the transcription and translation jobs read it back instead of running
 * ffprobe again. A file that is not the one probed (a replaced original)
 * is probed afresh.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { keys } from './layout';
import type { ObjectStore } from './types';
import type { MediaInfo } from '../../foundation/tools/ffprobe';

const EDGE = 64 * 1024;

/** Size plus SHA-256 of the file's first and last 64 KiB (an MP4's index sits at one end). */
export async function fileFingerprint(file: string): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const hash = createHash('sha256').update(String(size));
    const buf = Buffer.alloc(Math.min(EDGE, size));
    for (const at of size > EDGE ? [0, size - EDGE] : [0]) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, at);
      hash.update(buf.subarray(0, bytesRead));
    }
    return `${size}:${hash.digest('hex')}`;
  } finally {
    await fh.close();
  }
}

interface KeptMedia {
  fingerprint: string;
  info: MediaInfo;
}

/** Keeps the probe of video `id`'s original (`file`, the copy that was probed). */
export async function keepMediaInfo(store: ObjectStore, id: number, file: string, info: MediaInfo): Promise<void> {
  const kept: KeptMedia = { fingerprint: await fileFingerprint(file), info };
  await store.put(keys.videoMedia(id), Buffer.from(JSON.stringify(kept)));
}

/** The kept probe when it is of this very file, else null. */
export async function keptMediaInfo(store: ObjectStore, id: number, file: string): Promise<MediaInfo | null> {
  try {
    if (!(await store.head(keys.videoMedia(id)))) return null;
    const { body } = await store.get(keys.videoMedia(id));
    const parts: Buffer[] = [];
    for await (const c of body) parts.push(c as Buffer);
    const kept = JSON.parse(Buffer.concat(parts).toString('utf8')) as KeptMedia;
    return kept.fingerprint === (await fileFingerprint(file)) && kept.info && Array.isArray(kept.info.streams) ? kept.info : null;
  } catch {
    return null; // unreadable: probe again
  }
}
