import { contentTerms } from '../../foundation/text/terms';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

/**
 * Groups questions that ask the same thing in other words ("what does the
 * M2 weigh", "weight of the M2 motor?"): content terms (stemmed, function
 * words dropped) compared by overlap; each question joins the first group
 * whose terms it shares enough of. Questions in different languages do not
 * mix.
 */

export type SimilarGroup = Static<typeof S.SimilarGroup>;

export const SIMILARITY = 0.5;

const keyOf = (term: string[]) => term[0];

/** Share of the smaller set found in the other (so a short rewording still joins a longer question). */
function overlap(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.min(a.size, b.size);
}

export function groupSimilar(items: Array<{ question: string; language: string }>, limit = 10): SimilarGroup[] {
  const groups: Array<{ language: string; terms: Set<string>; wordings: Map<string, number>; count: number }> = [];
  for (const { question, language } of items) {
    const text = question.trim();
    if (!text) continue;
    const terms = new Set(contentTerms(text, language).map(keyOf));
    const group = groups.find((g) => g.language === language && (terms.size ? overlap(terms, g.terms) >= SIMILARITY : g.wordings.has(text.toLowerCase())));
    if (group) {
      group.count++;
      for (const t of terms) group.terms.add(t);
      group.wordings.set(text, (group.wordings.get(text) ?? 0) + 1);
    } else {
      groups.push({ language, terms, wordings: new Map([[text, 1]]), count: 1 });
    }
  }
  return groups
    .sort((a, b) => b.count - a.count)
    .slice(0, limit)
    .map((g) => {
      const wordings = [...g.wordings.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
      return { question: wordings[0], count: g.count, language: g.language, examples: wordings.slice(1, 6) };
    });
}
