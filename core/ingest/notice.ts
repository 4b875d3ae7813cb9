/**
 * The note a valid file gets when it holds nothing searchable (pictures or
 * drawings only): it completes, is stored, listed, downloadable and handed
 * out by the chat, and its record shows this note instead of a failure.
 */
export type NoticeKind = 'pdf' | 'docx' | 'pptx';

const WHAT: Record<NoticeKind, string> = {
  pdf: 'this PDF has no text that could be read, not even with OCR (only pictures or drawings)',
  docx: 'this document has no text, only pictures',
  pptx: 'the slides have no text, only pictures or shapes',
};

export function nothingSearchable(kind: NoticeKind): string {
  return `Nothing in this file is searchable: ${WHAT[kind]}. It is stored and can be viewed, downloaded and handed out.`;
}
