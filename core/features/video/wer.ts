/**
 * Word error rate: (substitutions + deletions + insertions) / reference words,
 * over lower-cased words without punctuation. 0 is perfect; it can pass 1.
 */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\(\d+\)/g, ' ')
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

export interface WerResult {
  wer: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
}

export function wordErrorRate(reference: string, hypothesis: string): WerResult {
  const ref = words(reference);
  const hyp = words(hypothesis);
  // dp[j] = [cost, subs, dels, ins] aligning ref[0..i) with hyp[0..j)
  type Cell = [number, number, number, number];
  let prev: Cell[] = hyp.map((_, j) => [j + 1, 0, 0, j + 1] as Cell);
  prev.unshift([0, 0, 0, 0]);
  for (let i = 1; i <= ref.length; i++) {
    const row: Cell[] = [[i, 0, i, 0]];
    for (let j = 1; j <= hyp.length; j++) {
      const same = ref[i - 1] === hyp[j - 1];
      const diag = prev[j - 1]!;
      const up = prev[j]!;
      const left = row[j - 1]!;
      const options: Cell[] = [
        [diag[0] + (same ? 0 : 1), diag[1] + (same ? 0 : 1), diag[2], diag[3]],
        [up[0] + 1, up[1], up[2] + 1, up[3]],
        [left[0] + 1, left[1], left[2], left[3] + 1],
      ];
      row.push(options.reduce((a, b) => (b[0] < a[0] ? b : a)));
    }
    prev = row;
  }
  const [cost, substitutions, deletions, insertions] = prev[hyp.length]!;
  return { wer: ref.length ? cost / ref.length : hyp.length ? 1 : 0, substitutions, deletions, insertions, referenceWords: ref.length };
}
