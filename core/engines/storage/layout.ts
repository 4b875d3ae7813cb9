import { safeFileName } from './key-check';

import type { ContentType } from '../../foundation/types';

/**
 * The storage key layout: where each kind of file lives in the ObjectStore,
 * which item a key belongs to, and the public URL the chat and the console
 * use to fetch it. The one place keys are made and parsed, so the file
 * manager, downloads, the chat and the public-file rule agree.
 */
export const keys = {
  documentOriginal: (id: number, fileName: string) => `documents/${id}_${safeFileName(fileName, 'document')}`,
  documentTranslated: (id: number, lang: string, ext: string) => `documents/translated/${id}_${lang}.${ext}`,
  presentationOriginal: (id: number, fileName: string) => `presentations/original_files/${id}_${safeFileName(fileName, 'presentation.pptx')}`,
  presentationTranslated: (id: number, lang: string) => `presentations/translated_files/${id}_${lang}.pptx`,
  videoOriginal: (id: number, fileName: string) => `videos/original_files/${id}_${safeFileName(fileName, 'video.mp4')}`,
  /** One translated MP4 per language and kind of subtitles: soft (a track) and burned (into the picture) can both exist. */
  videoTranslated: (id: number, lang: string, subtitles: 'soft' | 'burned' = 'soft') => `videos/translated_files/${id}_${lang}${subtitles === 'burned' ? '.burned' : ''}.mp4`,
  videoThumbnail: (id: number) => `videos/thumbnails/${id}.jpg`,
  documentImage: (docId: number, page: number | null, n: number, ext: string) =>
    `images/documents/${docId}/${page ? `p${page}-` : ''}${n}.${ext}`,
  presentationSlide: (presId: number, slide: number) => `images/presentations/${presId}/slide-${slide}.png`,
  presentationImage: (presId: number, slide: number, n: number, ext: string) => `images/presentations/${presId}/s${slide}-${n}.${ext}`,
  supportImage: (id: number, fileName: string) => `images/support/${id}_${safeFileName(fileName, 'image')}`,
  otherUpload: (id: number, fileName: string) => `files/${id}_${safeFileName(fileName, 'file')}`,
  extractedText: (type: string, id: number) => `text/${type}/${id}.json`,
  translatedText: (type: string, id: number, lang: string) => `text/${type}/${id}.${lang}.json`,
  /** What ffprobe found in a video's original (read once by the ingest, reused by its later jobs). Not public. */
  videoMedia: (id: number) => `text/video/${id}.media.json`,
  /** How long recent transcription jobs took for how long a video (core/features/video/rates.ts): the estimates' rates. Not public. */
  videoRuns: 'text/video/runs.json',
};

/** Where the video engine's files live (beside the original under videos/, frames beside presentation images under images/). */
export const videoKeys = {
  transcriptVtt: (id: number) => `videos/transcripts/${id}.vtt`,
  transcriptJson: (id: number) => `videos/transcripts/${id}.json`,
  transcriptSrt: (id: number) => `videos/transcripts/${id}.srt`,
  /** The transcript as the machine made it (edits leave it as it was). */
  transcriptOriginalJson: (id: number) => `videos/transcripts/${id}.original.json`,
  /** A frame at `ms` milliseconds, the source image of a cited time range. */
  frame: (id: number, ms: number) => `images/videos/${id}/t${Math.round(ms)}.jpg`,
  framesPrefix: (id: number) => `images/videos/${id}/`,
  subtitles: (id: number, lang: string) => `videos/subtitles/${id}_${lang}.vtt`,
  subtitlesSrt: (id: number, lang: string) => `videos/subtitles/${id}_${lang}.srt`,
};

/**
 * Earlier and pending versions of an item's original (core/features/governance/versions.ts):
 *   versions/document/12/2_Guide.pdf    version 2 of document 12
 * Never public (not a public folder): the live version is served from the
 * item's own key, which a replacement keeps, so its URL does not change.
 */
export const versionKeys = {
  original: (type: ContentType, id: number, n: number, fileName: string) => `versions/${type}/${id}/${n}_${safeFileName(fileName, 'file')}`,
  prefix: (type: ContentType, id: number) => `versions/${type}/${id}/`,
};

/**
 * Where an item's derived objects live (images, frames, text, transcripts,
 * thumbnail, subtitles), as prefixes: what moves when a processed new
 * version takes over the item's id (see `rekeyDerived`). The original and
 * translated files are not in it (they have their own handling).
 */
export function derivedPrefixes(type: ContentType, id: number): string[] {
  const text = [`text/${type}/${id}.`];
  if (type === 'document') return [...text, `images/documents/${id}/`];
  if (type === 'presentation') return [...text, `images/presentations/${id}/`];
  return [...text, videoKeys.framesPrefix(id), `videos/transcripts/${id}.`, `videos/thumbnails/${id}.`, `videos/subtitles/${id}_`];
}

/** The key of the same derived object for item `to` (a key under one of `derivedPrefixes(type, from)`), or null. */
export function rekeyDerived(key: string, type: ContentType, from: number, to: number): string | null {
  for (const prefix of derivedPrefixes(type, from)) {
    if (key.startsWith(prefix)) return derivedPrefixes(type, to)[derivedPrefixes(type, from).indexOf(prefix)] + key.slice(prefix.length);
  }
  return null;
}

/**
 * Renders of PDF pages (made on first request):
 *   images/documents/12/pages/3.png       the whole page 3
 *   images/documents/12/pages/3-c7.png    page 3 cropped to chunk 7's text
 */
export const pageRenderKey = (docId: number, page: number, chunkOrdinal?: number | null) =>
  `images/documents/${docId}/pages/${page}${chunkOrdinal != null ? `-c${chunkOrdinal}` : ''}.png`;

export const pageRendersPrefix = (docId: number) => `images/documents/${docId}/pages/`;

export function parsePageRenderKey(key: string): { docId: number; page: number; chunkOrdinal: number | null } | null {
  const m = /^images\/documents\/(\d+)\/pages\/(\d+)(?:-c(\d+))?\.png$/.exec(key);
  if (!m) return null;
  return { docId: Number(m[1]), page: Number(m[2]), chunkOrdinal: m[3] === undefined ? null : Number(m[3]) };
}

/** The item a stored object belongs to, read from its key (the inverse of the makers above). */
export function ownerOfKey(key: string): { type: ContentType; id: number } | { type: 'support' } | null {
  const m =
    /^documents\/(?:translated\/)?(\d+)_/.exec(key) ?? /^images\/documents\/(\d+)\//.exec(key);
  if (m) return { type: 'document', id: Number(m[1]) };
  const p = /^presentations\/(?:original_files|translated_files)\/(\d+)_/.exec(key) ?? /^images\/presentations\/(\d+)\//.exec(key);
  if (p) return { type: 'presentation', id: Number(p[1]) };
  const v = /^videos\/(?:original_files|translated_files|subtitles)\/(\d+)_/.exec(key) ?? /^videos\/(?:thumbnails|transcripts)\/(\d+)\./.exec(key)
    ?? /^images\/videos\/(\d+)\//.exec(key);
  if (v) return { type: 'video', id: Number(v[1]) };
  if (/^images\/support\//.test(key)) return { type: 'support' };
  return null;
}

/** Folders whose objects anyone may download (the chat hands them out). */
export const PUBLIC_FOLDERS = ['documents', 'presentations', 'videos', 'images', 'files'] as const;

export function isPublicKey(key: string): boolean {
  const folder = key.split('/')[0];
  return (PUBLIC_FOLDERS as readonly string[]).includes(folder) && !key.startsWith('videos/tmp/');
}

/** Folders served under `/uploads/<folder>/...` (spec section 7 chat downloads); everything else under `/api/files/`. */
export const UPLOADS_FOLDERS = ['presentations/original_files', 'presentations/translated_files', 'videos/original_files', 'videos/translated_files'] as const;

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Public URL path of a stored object: `/uploads/...` for presentation and
 * video files (spec section 7 chat downloads), `/api/files/...` otherwise.
 */
export function publicUrlForKey(key: string): string {
  if (UPLOADS_FOLDERS.some((f) => key.startsWith(`${f}/`))) return `/uploads/${encodeKey(key)}`;
  return `/api/files/${encodeKey(key)}`;
}
