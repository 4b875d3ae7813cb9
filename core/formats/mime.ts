/**
 * The one MIME table: the content type of a file from its extension. The
 * formats' facts (./facts.ts) declare their own; this table adds the files that
 * are no upload format (subtitles, JSON, audio, archives). Stored objects,
 * sniffed uploads and translated files all take their type from here.
 */
import { FORMAT_FACTS } from './facts';

const OTHER_BY_EXT: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  mov: 'video/quicktime',
  webm: 'video/webm',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  ogg: 'audio/ogg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

export const OCTET_STREAM = 'application/octet-stream';

/** The content type of an extension (`pdf`, `.PNG`); application/octet-stream when unknown. */
export function mimeForExt(ext: string): string {
  const e = ext.replace(/^\./, '').toLowerCase();
  return FORMAT_FACTS.find((f) => f.extensions.includes(`.${e}`))?.mime ?? OTHER_BY_EXT[e] ?? OCTET_STREAM;
}

/** The usual extension (no dot) of a content type, `jpg` for image/jpeg; undefined when unknown. Parameters (`; charset=...`) are ignored. */
export function extForMime(type: string): string | undefined {
  const t = type.split(';')[0]!.trim().toLowerCase();
  const format = FORMAT_FACTS.find((f) => f.mime.split(';')[0] === t);
  if (format) return format.extensions[0]!.slice(1);
  if (t === 'image/jpg') return 'jpg';
  if (t === 'image/bmp') return 'bmp';
  return Object.entries(OTHER_BY_EXT).find(([, m]) => m.split(';')[0] === t)?.[0];
}

/** The content type of a stored object from the extension of its last segment. */
export function mimeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return OCTET_STREAM;
  return mimeForExt(name.slice(dot + 1));
}
