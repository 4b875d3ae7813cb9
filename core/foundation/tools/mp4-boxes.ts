/**
 * An MP4's own boxes, read without ffprobe: whether its index declares
 * encryption (DRM) and how many media samples its tracks hold. Used at
 * upload (core/features/ingest/video.ts) and by the video engine (core/features/video/probe.ts).
 */
import { open } from 'node:fs/promises';
import { AppError } from '../errors';

/** Top-level MP4 boxes (type, offset, size) of the first 64 MiB. */
async function topBoxes(file: string): Promise<Array<{ type: string; offset: number; size: number }>> {
  const fh = await open(file, 'r');
  try {
    const { size: total } = await fh.stat();
    const boxes: Array<{ type: string; offset: number; size: number }> = [];
    const head = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= total && boxes.length < 1000) {
      await fh.read(head, 0, 16, at);
      let size = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (!/^[\x20-\x7e]{4}$/.test(type)) break;
      if (size === 1) size = Number(head.readBigUInt64BE(8));
      else if (size === 0) size = total - at;
      if (size < 8) break;
      boxes.push({ type, offset: at, size });
      at += size;
    }
    return boxes;
  } finally {
    await fh.close();
  }
}

/** True when an MP4's index declares encrypted tracks (encv/enca sample entries) or DRM systems (pssh). */
export async function isEncryptedMp4(file: string): Promise<boolean> {
  const boxes = await topBoxes(file);
  if (boxes.some((b) => b.type === 'pssh')) return true;
  const moov = boxes.find((b) => b.type === 'moov');
  if (!moov || moov.size > 64 * 1024 * 1024) return false;
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(moov.size);
    await fh.read(buf, 0, moov.size, moov.offset);
    return ['encv', 'enca', 'pssh', 'sinf'].some((t) => buf.includes(t, 0, 'latin1'));
  } finally {
    await fh.close();
  }
}

/** Boxes whose children hold a track's sample table (moov > trak > mdia > minf > stbl). */
const SAMPLE_TABLE_PATH = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/**
 * How many media samples an MP4 (or MOV) holds: the sample counts of every
 * track's sample-size box (stsz or stz2); a file with movie fragments (moof)
 * counts as holding some. Null when the file is not one (no moov at its top)
 * or its index is too large to read here.
 */
export async function mp4SampleCount(file: string): Promise<number | null> {
  const boxes = await topBoxes(file);
  if (boxes.some((b) => b.type === 'moof')) return 1;
  const moov = boxes.find((b) => b.type === 'moov');
  if (!moov || moov.size > 64 * 1024 * 1024) return null;
  const fh = await open(file, 'r');
  const buf = Buffer.alloc(moov.size);
  try {
    await fh.read(buf, 0, moov.size, moov.offset);
  } finally {
    await fh.close();
  }
  let samples = 0;
  const walk = (from: number, to: number) => {
    for (let at = from; at + 8 <= to;) {
      const size = buf.readUInt32BE(at);
      const type = buf.toString('latin1', at + 4, at + 8);
      if (size < 8 || at + size > to) return;
      if (SAMPLE_TABLE_PATH.has(type)) walk(at + 8, at + size);
      // Full box header (4), then stsz: sample_size (4), sample_count (4); stz2: reserved and field size (4), sample_count (4).
      else if ((type === 'stsz' || type === 'stz2') && size >= 20) samples += buf.readUInt32BE(at + 16);
      at += size;
    }
  };
  walk(8, buf.length);
  return samples;
}

/** An MP4 whose tracks hold no samples at all (an index without media): nothing can be played, seen or heard. */
export async function assertMediaSamples(file: string, label: string): Promise<void> {
  if ((await mp4SampleCount(file)) === 0) {
    throw new AppError('corrupt_file', `${label} holds no pictures and no sound: its tracks are empty.`, { details: { reason: 'no_media' } });
  }
}
