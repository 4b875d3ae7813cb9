/**
 * What the video engine needs to know about an input before it starts:
 * streams (with their codecs and language tags), whether the sound can be
 * decoded, and whether the file is DRM-encrypted. Bad input becomes an
 * AppError('corrupt_file') that says what is wrong in plain words.
 */
import { open } from 'node:fs/promises';
import { AppError } from '../errors';
import { probeMedia, type MediaInfo } from '../tools/ffprobe';

export type { MediaInfo, StreamInfo } from '../tools/ffprobe';

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

/**
 * Checks an input is usable: readable, not encrypted, with a picture or
 * sound, and (when there is sound) a codec ffmpeg can decode. Returns the
 * probe and warnings to put on the record. `probed`: what ffprobe already
 * found in this file (core/tools/media-info.ts), so it is not run again.
 */
export async function inspectVideo(file: string, label: string, opts: { signal?: AbortSignal; probed?: MediaInfo | null } = {}): Promise<{ info: MediaInfo; warnings: string[] }> {
  const info = opts.probed ? structuredClone(opts.probed) : await probeMedia(file, label, opts);
  if (await isEncryptedMp4(file)) {
    throw new AppError('corrupt_file', `${label} is encrypted (DRM-protected): its picture and sound cannot be read without the key. Upload an unprotected copy.`, { details: { reason: 'drm' } });
  }
  if (!info.hasVideo && !info.hasAudio) {
    throw new AppError('corrupt_file', `${label} has neither a picture nor a sound track.`, { details: { reason: 'no_streams' } });
  }
  const warnings: string[] = [];
  if (info.durationSec === undefined) warnings.push('The video length could not be read.');
  const audio = info.streams.find((s) => s.type === 'audio');
  if (!audio) warnings.push('The video has no sound track, so there is no speech to transcribe.');
  else if (audio.codec === 'unknown' || audio.codec === 'none') {
    warnings.push('The sound track uses an audio codec this server cannot decode, so there is no speech to transcribe.');
    info.hasAudio = false;
  }
  return { info, warnings };
}
