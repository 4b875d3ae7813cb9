/**
 * A search of the lexical index (./lexical-index.ts): per field, the query's terms looked up in every
 * segment and BM25's top k (./lexical-topk.ts); the hits' ids read at once, their chunks when asked for.
 */
import { gramTerms, wordTerms } from '../../foundation/text/analyze';
import type { ChunkRows } from './lexical-chunks';
import type { DocTable } from './lexical-doc-table';
import { FIELD_INDEX, FIELD_KEY, LEXICAL_FIELDS, type LexicalField, type LexicalHit, type LexicalResult, type LexicalSearchOptions } from './lexical-fields';
import type { Segments } from './lexical-segments';
import { exhaustiveTopK, prunedTopK, type TermPostings } from './lexical-topk';
import type { Chunk, SearchFilters } from './types';

const BM25 = { k1: 1.2, b: 0.75 };

function queryTerms(field: LexicalField, query: string, lang: string): string[] {
  return field === 'grams' ? gramTerms(query, lang, 4, 4) : wordTerms(query, lang);
}

export function searchLexical(segments: Segments, docs: DocTable, rows: ChunkRows, query: string, o: LexicalSearchOptions): LexicalResult {
  const { k, language, filters, exhaustive, fields = LEXICAL_FIELDS } = o;
  const accept = filters ? acceptor(docs, filters) : undefined;
  const found = segments.reading(() => LEXICAL_FIELDS.map((f) => (fields.includes(f) ? searchField(segments, docs, f, queryTerms(f, query, language), k, accept, exhaustive) : [])));
  // The ids of every field's hits in one read (the fields share most of their hits).
  const ids = new Map<number, string>();
  const wanted = [...new Set(found.flatMap((list) => list.map((s) => s.doc)))];
  if (wanted.length) for (const r of rows.idsOfDocs.all(JSON.stringify(wanted))) ids.set(r.doc, r.id);
  const out = {} as LexicalResult;
  LEXICAL_FIELDS.forEach((f, i) => { out[f] = found[i].map((s) => hit(docs, rows, s.doc, s.score, ids)); });
  return out;
}

function acceptor(docs: DocTable, filters: SearchFilters): (doc: number) => boolean {
  const itemIds = filters.itemIds ? new Set(filters.itemIds) : undefined;
  const type = filters.itemType ? docs.knownCode(`t:${filters.itemType}`) : 0;
  const lang = filters.language ? docs.knownCode(`l:${filters.language}`) : 0;
  return (d) => (!type || docs.itemType[d] === type) && (!lang || docs.lang[d] === lang) && (!itemIds || itemIds.has(docs.itemId[d]));
}

function searchField(segments: Segments, docs: DocTable, field: LexicalField, terms: string[], k: number, accept?: (doc: number) => boolean, exhaustive = false) {
  const live = docs.live;
  if (live === 0 || k <= 0) return [];
  const fi = FIELD_INDEX[field];
  const stats = { lengths: docs.len[fi], alive: docs.alive, avg: docs.total[fi] / live || 1, k1: BM25.k1, b: BM25.b };
  const postings: TermPostings[] = [];
  for (const t of new Set(terms)) {
    const lists = segments.read(FIELD_KEY[field], t);
    let n = 0;
    for (const p of lists) n += p.n;
    if (n === 0) continue;
    const df = Math.min(n, live);
    postings.push({ idf: Math.log(1 + (live - df + 0.5) / (df + 0.5)), lists });
  }
  return exhaustive ? exhaustiveTopK(postings, stats, k, accept) : prunedTopK(postings, stats, k, accept);
}

function hit(docs: DocTable, rows: ChunkRows, doc: number, score: number, ids: Map<number, string>): LexicalHit {
  let chunk: Chunk | null | undefined;
  return {
    id: ids.get(doc)!, language: docs.language(doc), score,
    get chunk() {
      if (chunk === undefined) {
        const row = rows.chunkOfDoc.get(doc);
        chunk = row ? JSON.parse(row.chunk) as Chunk : null;
      }
      return chunk;
    },
  };
}
