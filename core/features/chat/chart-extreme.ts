import type { Passage } from './plan-query';
import { holdsNumbered, numberedThings } from './numbered';
import { SERIES_LINE } from '../../foundation/text/question-frame';

/**
 * "Which series is highest in the first category?", "What is the biggest
 * value on the chart?": a chart's data is extracted as one line per series
 * ("Series 3: Category 1 2.0, Category 2 2.0, Category 3 3.0, Category 4
 * 5.0", core/foundation/tools/pptx-xml.ts), and no sentence says which value is the
 * highest. The answer is the series line holding the highest (or lowest)
 * value among the points the question names, quoted as it is.
 */

// Superlatives of a value; "maximum", "minimum" also name settings ("crosses at the maximum"), which a text writes.
const HIGH = /\b(?:highest|biggest|largest|greatest)\b/i;
const LOW = /\b(?:lowest|smallest)\b/i;


export interface ChartExtreme {
  passage: Passage;
  line: string;
}

/** Which extreme a question asks for, or null. */
export function askedExtreme(question: string): 'high' | 'low' | null {
  return HIGH.test(question) ? 'high' : LOW.test(question) ? 'low' : null;
}

/** The series line of the passages holding the asked extreme among the points the question names, or null. */
export function chartExtreme(passages: Passage[], question: string, lang: string): ChartExtreme | null {
  const want = askedExtreme(question);
  if (!want) return null;
  const things = numberedThings(question, lang);
  let best: { value: number; passage: Passage; line: string } | null = null;
  for (const passage of passages) {
    for (const raw of passage.hit.chunk.text.split('\n')) {
      const m = SERIES_LINE.exec(raw.trim());
      if (!m) continue;
      const [, name, data] = m;
      // The question's numbered things ("the first category", "Series 2") narrow the points: by the series' name or the point's label.
      const points = data.split(/,\s+/).map((p) => {
        const v = /(-?\d+(?:\.\d+)?)$/.exec(p.trim());
        return { label: p.trim().slice(0, v ? p.trim().length - v[1].length : 0).trim(), value: v ? Number(v[1]) : NaN };
      }).filter((p) => Number.isFinite(p.value) && things.every((t) => holdsNumbered(p.label, t, lang) && holdsNumbered(name, t, lang)));
      for (const p of points) {
        if (!best || (want === 'high' ? p.value > best.value : p.value < best.value)) best = { value: p.value, passage, line: raw.trim() };
      }
    }
  }
  return best ? { passage: best.passage, line: best.line } : null;
}
