import type { AnswerRecord } from './types';

/** Conversations as rows for export (one row per visitor message and its answer). */
const COLUMNS = ['at', 'channel', 'conversation', 'kind', 'language', 'question', 'answer', 'notFound', 'sources', 'rating', 'comment'] as const;

function row(a: AnswerRecord): Record<(typeof COLUMNS)[number], string | boolean | null> {
  return {
    at: a.at, channel: a.channel, conversation: a.referenceId, kind: a.kind, language: a.language, question: a.question, answer: a.answer,
    notFound: a.notFound, sources: a.sources.map((s) => s.title).join('; '), rating: a.rating?.value ?? null, comment: a.rating?.comment ?? null,
  };
}

const cell = (v: string | boolean | null) => {
  const s = v === null ? '' : String(v);
  // Quote always; a leading = + - @ is neutralised so spreadsheets do not run it as a formula.
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

export function toCsv(records: AnswerRecord[]): string {
  return `\ufeff${[COLUMNS.join(','), ...records.map((a) => COLUMNS.map((c) => cell(row(a)[c])).join(','))].join('\r\n')}\r\n`;
}

export function toJsonl(records: AnswerRecord[]): string {
  return records.map((a) => JSON.stringify(row(a))).join('\n') + (records.length ? '\n' : '');
}
