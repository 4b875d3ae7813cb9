import type { MediaOutput, PublicChatMessage } from '@core/foundation/types';

export type MediaKind = 'document' | 'presentation' | 'video';

export interface ChatMedia extends MediaOutput {
  kind: MediaKind;
  /** Stored file name, used to build the fallback paths. */
  file: string;
  /** Record id when known (the API download route needs it). */
  id: number | null;
}

const baseName = (p: string) => decodeURIComponent(p.split('?')[0].split('/').pop() ?? '');

function kindOf(contentType: string | null | undefined, filePath: string): MediaKind | null {
  if (contentType === 'presentation' || contentType === 'video' || contentType === 'document') return contentType;
  if (/\.pptx?$/i.test(filePath)) return 'presentation';
  if (/\.(mp4|webm|mov)$/i.test(filePath)) return 'video';
  if (/\.(pdf|docx?)$/i.test(filePath)) return 'document';
  return null;
}

/** Reads the `output` JSON of a server message; null when it offers nothing to download. */
export function mediaFromMessage(m: Pick<PublicChatMessage, 'output' | 'file' | 'contentType'>): ChatMedia | null {
  if (!m.output) return null;
  let parsed: Partial<MediaOutput> & { id?: number };
  try {
    parsed = JSON.parse(m.output) as Partial<MediaOutput> & { id?: number };
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const filePath = typeof parsed.filePath === 'string' ? parsed.filePath : '';
  const file = m.file || (filePath ? baseName(filePath) : '');
  const kind = kindOf(m.contentType, filePath || file);
  if (!kind || (!filePath && !file)) return null;
  return {
    kind,
    file,
    id: typeof parsed.id === 'number' ? parsed.id : null,
    title: parsed.title || file,
    isTranslated: Boolean(parsed.isTranslated),
    isOriginal: parsed.isOriginal ?? !parsed.isTranslated,
    downloadable: parsed.downloadable ?? true,
    filePath,
    ...(typeof parsed.frame === 'string' && parsed.frame ? { frame: parsed.frame } : {}),
  };
}

/**
 * The download candidates of spec section 7, best first. The admin video
 * route comes first only for a signed-in user: for a visitor it can only
 * answer 401, so the public file paths are tried instead.
 */
export function candidateUrls(media: ChatMedia, options: { signedIn?: boolean } = {}): string[] {
  const f = encodeURIComponent(media.file);
  const folder = media.isTranslated ? 'translated_files' : 'original_files';
  const other = media.isTranslated ? 'original_files' : 'translated_files';
  const list: string[] = [];
  if (media.kind === 'video' && media.id !== null && options.signedIn) list.push(`/api/videos/${media.id}/download`);
  if (media.filePath) list.push(media.filePath);
  if (media.file) {
    if (media.kind === 'document') list.push(`/api/files/documents/${f}`, `/api/files/${f}`);
    if (media.kind === 'presentation') list.push(`/uploads/presentations/${folder}/${f}`, `/uploads/presentations/${other}/${f}`);
    if (media.kind === 'video') list.push(`/uploads/videos/${folder}/${f}`, `/uploads/videos/${other}/${f}`);
  }
  return [...new Set(list)];
}

/** The second a video link starts at (`…mp4#t=53` → 53), or null. */
export function startSecond(filePath: string): number | null {
  const m = /#t=(\d+(?:\.\d+)?)/.exec(filePath);
  return m ? Number(m[1]) : null;
}

/** 53 → "0:53", 3725 → "1:02:05". */
export function clock(sec: number): string {
  const s = Math.floor(sec);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * The name a downloaded file is saved under: the server's own name for it
 * (Content-Disposition), else the last part of its path without the storage
 * key's id prefix ("/api/files/documents/4_tracemonkey.pdf" -> "tracemonkey.pdf"),
 * never the path itself.
 */
export function downloadName(media: Pick<ChatMedia, 'file' | 'title'>, url: string, disposition: string | null): string {
  const fromHeader = disposition ? dispositionName(disposition) : null;
  if (fromHeader) return fromHeader;
  const base = baseName(media.file) || baseName(url);
  return base.replace(/^\d+_(?=.)/, '') || media.title || 'download';
}

function dispositionName(header: string): string | null {
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return baseName(decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))) || null;
    } catch {
      /* a malformed encoding: the plain filename below */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? baseName(plain[1].trim()) || null : null;
}
