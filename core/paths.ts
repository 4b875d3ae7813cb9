import { safeFileName } from './storage/keys';

/**
 * Where each kind of file lives in the ObjectStore, and the public URL the
 * chat and the console use to fetch it. One place, so the file manager,
 * downloads and the chat agree.
 */
export const keys = {
  documentOriginal: (id: number, fileName: string) => `documents/${id}_${safeFileName(fileName, 'document')}`,
  documentTranslated: (id: number, lang: string, ext: string) => `documents/translated/${id}_${lang}.${ext}`,
  presentationOriginal: (id: number, fileName: string) => `presentations/original_files/${id}_${safeFileName(fileName, 'presentation.pptx')}`,
  presentationTranslated: (id: number, lang: string) => `presentations/translated_files/${id}_${lang}.pptx`,
  videoOriginal: (id: number, fileName: string) => `videos/original_files/${id}_${safeFileName(fileName, 'video.mp4')}`,
  videoTranslated: (id: number, lang: string) => `videos/translated_files/${id}_${lang}.mp4`,
  videoThumbnail: (id: number) => `videos/thumbnails/${id}.jpg`,
  documentImage: (docId: number, page: number | null, n: number, ext: string) =>
    `images/documents/${docId}/${page ? `p${page}-` : ''}${n}.${ext}`,
  presentationSlide: (presId: number, slide: number) => `images/presentations/${presId}/slide-${slide}.png`,
  presentationImage: (presId: number, slide: number, n: number, ext: string) => `images/presentations/${presId}/s${slide}-${n}.${ext}`,
  supportImage: (id: number, fileName: string) => `images/support/${id}_${safeFileName(fileName, 'image')}`,
  otherUpload: (id: number, fileName: string) => `files/${id}_${safeFileName(fileName, 'file')}`,
  extractedText: (type: string, id: number) => `text/${type}/${id}.json`,
  translatedText: (type: string, id: number, lang: string) => `text/${type}/${id}.${lang}.json`,
};

/** Folders whose objects anyone may download (the chat hands them out). */
export const PUBLIC_FOLDERS = ['documents', 'presentations', 'videos', 'images', 'files'] as const;

export function isPublicKey(key: string): boolean {
  const folder = key.split('/')[0];
  return (PUBLIC_FOLDERS as readonly string[]).includes(folder) && !key.startsWith('videos/tmp/');
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Public URL path of a stored object: `/uploads/...` for presentation and
 * video files (spec section 7 chat downloads), `/api/files/...` otherwise.
 */
export function publicUrlForKey(key: string): string {
  if (/^(presentations|videos)\/(original_files|translated_files)\//.test(key)) return `/uploads/${encodeKey(key)}`;
  return `/api/files/${encodeKey(key)}`;
}
