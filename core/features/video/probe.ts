/**
 * What the video engine needs to know about an input before it starts:
 * streams (with their codecs and language tags), whether the sound can be
 * decoded, and whether the file is DRM-encrypted. Bad input becomes an
 * AppError('corrupt_file') that says what is wrong in plain words.
 */
import { AppError } from '../../foundation/errors';
import { probeMedia, type MediaInfo } from '../../foundation/tools/ffprobe';

export type { MediaInfo, StreamInfo } from '../../foundation/tools/ffprobe';

export { assertMediaSamples, isEncryptedMp4, mp4SampleCount } from '../../foundation/tools/mp4-boxes';
import { assertMediaSamples, isEncryptedMp4 } from '../../foundation/tools/mp4-boxes';

/**
 * Checks an input is usable: readable, not encrypted, with a picture or
 * sound, and (when there is sound) a codec ffmpeg can decode. Returns the
 * probe and warnings to put on the record. `probed`: what ffprobe already
 * found in this file (core/engines/storage/media-info.ts), so it is not run again.
 */
export async function inspectVideo(file: string, label: string, opts: { signal?: AbortSignal; probed?: MediaInfo | null } = {}): Promise<{ info: MediaInfo; warnings: string[] }> {
  const info = opts.probed ? structuredClone(opts.probed) : await probeMedia(file, label, opts);
  if (await isEncryptedMp4(file)) {
    throw new AppError('corrupt_file', `${label} is encrypted (DRM-protected): its picture and sound cannot be read without the key.`, { details: { reason: 'drm' } });
  }
  await assertMediaSamples(file, label);
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
