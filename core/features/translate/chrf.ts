/**
 * chrF (Popović 2015): the F-score of character n-grams (n = 1..6, spaces
 * removed) with recall weighted beta = 2, computed over a whole corpus the
 * way sacreBLEU does: n-gram statistics summed over all sentences, then
 * precision and recall averaged over the n-gram orders. 0..100.
 */

function ngrams(text: string, n: number): Map<string, number> {
  const chars = [...text.replace(/\s+/g, '')];
  const out = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const g = chars.slice(i, i + n).join('');
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

export interface ChrfOptions { order?: number; beta?: number }

/** Corpus chrF of hypotheses against line-aligned references. */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[], opts: ChrfOptions = {}): number {
  const order = opts.order ?? 6;
  const beta = opts.beta ?? 2;
  if (hypotheses.length !== references.length) throw new Error(`chrF: ${hypotheses.length} hypotheses for ${references.length} references`);
  const match = new Array<number>(order).fill(0);
  const hypTotal = new Array<number>(order).fill(0);
  const refTotal = new Array<number>(order).fill(0);
  for (let i = 0; i < hypotheses.length; i++) {
    for (let n = 1; n <= order; n++) {
      const h = ngrams(hypotheses[i] as string, n);
      const r = ngrams(references[i] as string, n);
      for (const [g, c] of h) {
        hypTotal[n - 1]! += c;
        const rc = r.get(g);
        if (rc) match[n - 1]! += Math.min(c, rc);
      }
      for (const c of r.values()) refTotal[n - 1]! += c;
    }
  }
  let p = 0;
  let r = 0;
  let orders = 0;
  for (let n = 0; n < order; n++) {
    if (hypTotal[n]! === 0 || refTotal[n]! === 0) continue;
    p += match[n]! / hypTotal[n]!;
    r += match[n]! / refTotal[n]!;
    orders++;
  }
  if (orders === 0) return 0;
  p /= orders;
  r /= orders;
  const b2 = beta * beta;
  return p + r === 0 ? 0 : (100 * (1 + b2) * p * r) / (b2 * p + r);
}

/** chrF of one sentence. */
export const sentenceChrf = (hypothesis: string, reference: string, opts?: ChrfOptions) => corpusChrf([hypothesis], [reference], opts);
