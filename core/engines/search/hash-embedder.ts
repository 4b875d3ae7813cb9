/**
 * Offline embedder: feature hashing of word stems and character n-grams
 * into a fixed-size, L2-normalised vector. No model, works in any script,
 * deterministic across runs and machines (the id records the recipe).
 * It matches texts of the same language by shared words and word pieces;
 * it knows no synonyms and no other language.
 */
import { charNgrams, contentWords } from '../../foundation/text/analyze';
import { detectLanguage } from '../../foundation/text/language';
import { foldWord } from '../../foundation/text/normalize';
import { stem } from '../../foundation/text/stem';
import { AppError } from '../../foundation/errors';
import type { Embedder } from './types';

export interface HashEmbedderOptions {
  /** Vector size (default 512). */
  dimension?: number;
  /** Language of every text the caller gives none for, when known; detected per text otherwise. */
  language?: string;
}

/** Recipe version: bump when features change so indexes built with the old recipe are rebuilt. */
const RECIPE = 'hash-ngram-v1';
const WORD_WEIGHT = 1;
const GRAM_WEIGHT = 0.5;

/** 32-bit FNV-1a of a string with a seed, fast and stable. */
export function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Features are interned: each distinct feature ('w:' + folded stem, 'g:' +
 * folded 4-gram) gets a number and its hash once, and each word (by
 * language) its feature numbers once, so a text costs a lookup per word
 * and a counter per feature. The vector is the same as computing every
 * feature of every word anew (same features, same order of the sums).
 */
const featureIds = new Map<string, number>();
let featureHash = new Uint32Array(1 << 16);
let featureCount = new Uint32Array(1 << 16);
const wordFeatures = new Map<string, Int32Array>();
const CACHE_LIMIT = 500_000;

function featureId(key: string): number {
  let id = featureIds.get(key);
  if (id === undefined) {
    id = featureIds.size;
    featureIds.set(key, id);
    if (id >= featureHash.length) {
      const h = new Uint32Array(featureHash.length * 2); h.set(featureHash); featureHash = h;
      const c = new Uint32Array(featureHash.length); c.set(featureCount); featureCount = c;
    }
    featureHash[id] = fnv1a(key);
  }
  return id;
}

/** The feature numbers of one word: its stem's first, then its 4-grams'. */
function featuresOfWord(w: string, lang: string): Int32Array {
  const key = `${lang}\u0000${w}`;
  let ids = wordFeatures.get(key);
  if (!ids) {
    const grams = charNgrams(foldWord(w), 4, 4, []);
    ids = new Int32Array(grams.length + 1);
    ids[0] = featureId(`w:${foldWord(stem(w, lang))}`);
    for (let i = 0; i < grams.length; i++) ids[i + 1] = featureId(`g:${grams[i]}`);
    wordFeatures.set(key, ids);
  }
  return ids;
}

/** Adds 1 + log(tf) weighted, sign-hashed features (in first-seen order) to `vec`, and zeroes their counts. */
function addFeatures(vec: Float64Array, seen: number[], weight: number): void {
  const dim = vec.length;
  for (const id of seen) {
    const h = featureHash[id];
    const sign = h & 1 ? 1 : -1;
    vec[(h >>> 1) % dim] += sign * weight * (1 + Math.log(featureCount[id]));
    featureCount[id] = 0;
  }
}

/** The embedding of one text (exported for tests and the benchmark). */
export function hashEmbed(text: string, dimension: number, language?: string): number[] {
  const lang = language ?? detectLanguage(text);
  const content = contentWords(text, lang);
  if (featureIds.size > CACHE_LIMIT) { featureIds.clear(); wordFeatures.clear(); }
  const seenWords: number[] = [];
  const seenGrams: number[] = [];
  for (const w of content) {
    const ids = featuresOfWord(w, lang);
    if (featureCount[ids[0]]++ === 0) seenWords.push(ids[0]);
    for (let i = 1; i < ids.length; i++) if (featureCount[ids[i]]++ === 0) seenGrams.push(ids[i]);
  }
  const vec = new Float64Array(dimension);
  addFeatures(vec, seenWords, WORD_WEIGHT);
  addFeatures(vec, seenGrams, GRAM_WEIGHT);
  let norm = 0;
  for (let i = 0; i < dimension; i++) norm += vec[i] * vec[i];
  norm = Math.sqrt(norm);
  const out = new Array<number>(dimension);
  for (let i = 0; i < dimension; i++) out[i] = norm > 0 ? vec[i] / norm : 0;
  return out;
}

export function createHashEmbedder(options: HashEmbedderOptions = {}): Embedder {
  const dimension = options.dimension ?? 512;
  if (!Number.isInteger(dimension) || dimension < 16 || dimension > 8192) {
    throw new AppError('validation', `The hash embedder dimension must be an integer between 16 and 8192, got ${dimension}.`);
  }
  return {
    id: `${RECIPE}:${dimension}`,
    dimension,
    async embed(texts: string[], signal?: AbortSignal, languages?: readonly string[]): Promise<number[][]> {
      const out: number[][] = [];
      texts.forEach((t, i) => {
        signal?.throwIfAborted();
        out.push(hashEmbed(t, dimension, languages?.[i] ?? options.language));
      });
      return out;
    },
  };
}
