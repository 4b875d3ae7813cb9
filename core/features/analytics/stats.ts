import { groupSimilar, type SimilarGroup } from './similar';
import type { AnswerRecord, Channel } from './types';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

/** What visitors asked over a period (the Analytics screen and `cms stats`). */
export type QuestionStats = Static<typeof S.QuestionStats>;

const count = <K extends string>(list: K[]) => {
  const m = new Map<K, number>();
  for (const k of list) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
};

export function questionStats(records: AnswerRecord[], range: { from: Date; to: Date }): QuestionStats {
  const asked = records.filter((r) => r.kind !== 'greeting');
  const questions = asked.filter((r) => r.kind === 'question');
  const days = new Map<string, { questions: number; notFound: number }>();
  // Every day of the period appears, also those without questions.
  for (let t = Date.UTC(range.from.getUTCFullYear(), range.from.getUTCMonth(), range.from.getUTCDate()); t < range.to.getTime(); t += 86_400_000) {
    days.set(new Date(t).toISOString().slice(0, 10), { questions: 0, notFound: 0 });
  }
  for (const r of asked) {
    const d = days.get(r.at.slice(0, 10)) ?? { questions: 0, notFound: 0 };
    d.questions++;
    if (r.notFound && r.kind === 'question') d.notFound++;
    days.set(r.at.slice(0, 10), d);
  }
  const sources = new Map<string, { itemType: string; itemId: number; title: string; count: number }>();
  for (const r of asked) {
    for (const s of r.sources) {
      const k = `${s.itemType}:${s.itemId}`;
      const e = sources.get(k) ?? { ...s, count: 0 };
      e.count++;
      e.title = s.title;
      sources.set(k, e);
    }
  }
  const rated = asked.filter((r) => r.rating);
  const up = rated.filter((r) => r.rating!.value === 'up').length;
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    questions: asked.length,
    conversations: new Set(asked.map((r) => r.referenceId)).size,
    perDay: [...days.entries()].sort().map(([day, v]) => ({ day, ...v })),
    languages: count(asked.map((r) => r.language)).map(([language, n]) => ({ language, questions: n })),
    channels: count(asked.map((r) => r.channel)).map(([channel, n]) => ({ channel, questions: n })),
    answered: questions.filter((r) => !r.notFound).length,
    notFound: questions.filter((r) => r.notFound).length,
    topUnanswered: groupSimilar(questions.filter((r) => r.notFound)),
    topSources: [...sources.values()].sort((a, b) => b.count - a.count).slice(0, 10),
    ratings: { up, down: rated.length - up, rated: rated.length, answers: asked.length, upRate: rated.length ? up / rated.length : null },
    comments: rated
      .filter((r) => r.rating!.comment)
      .sort((a, b) => (a.rating!.at < b.rating!.at ? 1 : -1))
      .slice(0, 20)
      .map((r) => ({ at: r.rating!.at, value: r.rating!.value, comment: r.rating!.comment!, question: r.question, answer: r.answer, channel: r.channel })),
  };
}

/** "7d", "24h", "30m" or an ISO date -> the start of the period. */
export function parseSince(value: string | null | undefined, now: Date, fallbackDays = 7): Date {
  if (!value) return new Date(now.getTime() - fallbackDays * 86_400_000);
  const m = /^(\d+)\s*([dhm])$/i.exec(value.trim());
  if (m) return new Date(now.getTime() - Number(m[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2].toLowerCase() as 'd' | 'h' | 'm']);
  const t = Date.parse(value);
  if (Number.isNaN(t)) return new Date(Number.NaN);
  return new Date(t);
}
