/** A document number with its score. */
export interface Scored { doc: number; score: number }

/** The k best of `docs` by `scores[doc]` (ties by lower doc), skipping those `accept` rejects. */
export function topK(docs: Iterable<number>, scores: ArrayLike<number>, k: number, accept?: (doc: number) => boolean): Scored[] {
  // Min-heap of size k over (score, doc).
  const heapDoc: number[] = [];
  const heapScore: number[] = [];
  const less = (i: number, j: number) => heapScore[i] < heapScore[j] || (heapScore[i] === heapScore[j] && heapDoc[i] > heapDoc[j]);
  const swap = (i: number, j: number) => {
    [heapDoc[i], heapDoc[j]] = [heapDoc[j], heapDoc[i]];
    [heapScore[i], heapScore[j]] = [heapScore[j], heapScore[i]];
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < heapDoc.length && less(l, m)) m = l;
      if (r < heapDoc.length && less(r, m)) m = r;
      if (m === i) return;
      swap(i, m); i = m;
    }
  };
  for (const doc of docs) {
    const score = scores[doc];
    if (heapDoc.length === k && (score < heapScore[0] || (score === heapScore[0] && doc > heapDoc[0]))) continue;
    if (accept && !accept(doc)) continue;
    if (heapDoc.length < k) {
      heapDoc.push(doc); heapScore.push(score);
      for (let i = heapDoc.length - 1; i > 0;) {
        const p = (i - 1) >> 1;
        if (!less(i, p)) break;
        swap(i, p); i = p;
      }
    } else {
      heapDoc[0] = doc; heapScore[0] = score; down(0);
    }
  }
  const out = heapDoc.map((doc, i) => ({ doc, score: heapScore[i] }));
  out.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return out;
}
