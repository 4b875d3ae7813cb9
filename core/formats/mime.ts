/**
 * The one MIME table: the content type of a file from its extension (or
 * from a sniffed kind, named like its extension). Stored objects, sniffed
 * uploads and translated files all take their type from here.
 */
const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  ogg: 'audio/ogg',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
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
  return MIME_BY_EXT[ext.replace(/^\./, '').toLowerCase()] ?? OCTET_STREAM;
}

/** The content type of a stored object from the extension of its last segment. */
export function mimeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return OCTET_STREAM;
  return mimeForExt(name.slice(dot + 1));
}
