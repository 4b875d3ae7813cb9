/**
 * The note a valid file gets when it holds nothing searchable (pictures or
 * drawings only): it completes, is stored, listed, downloadable and handed
 * out by the chat, and its record shows this note instead of a failure.
 * The wording is the message catalogue's (core/foundation/messages.ts), so each
 * console words it in its language from `noticeCode`.
 */
import { describe, MESSAGES, type Coded } from '../../foundation/messages';

export type NoticeKind = 'pdf' | 'docx' | 'pptx';

export function nothingSearchable(kind: NoticeKind): string {
  return describe(`note.nothing_searchable_${kind}`);
}

/** The code of a notice this catalogue words (null for any other text). */
export function noticeCodeOf(notice: string | null | undefined): Coded | null {
  if (!notice) return null;
  const code = Object.entries(MESSAGES).find(([k, text]) => k.startsWith('note.nothing_searchable_') && text === notice)?.[0];
  return code ? { code, params: {} } : null;
}
