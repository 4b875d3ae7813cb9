/**
 * Offline embedder: feature hashing of word stems and character n-grams
 * into a fixed-size, L2-normalised vector. No model, works in any script,
 * deterministic across runs and machines (the id records the recipe).
 * It matches texts of the same language by shared words and word pieces;
 * it knows no synonyms and no other language.
 */
import { charNgrams, contentWords } from '../text/analyze';
import { detectLanguage } from '../text/language';
import { foldWord } from '../text/normalize';
import { stem } from '../text/stem';
import { AppError } from '../errors';
import type { Embedder } from './types';

export interface HashEmbedderOptions {
  /** Vector size (default 512). */
  dimension?: number;
  /** Language of every text, when known; detected per text otherwise. */
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

/** Adds 1 + log(tf) weighted, sign-hashed features to `vec`. */
function addFeatures(vec: Float64Array, features: string[], weight: number, prefix: string): void {
  const tf = new Map<string, number>();
  for (const f of features) tf.set(f, (tf.get(f) ?? 0) + 1);
  const dim = vec.length;
  for (const [f, n] of tf) {
    const h = fnv1a(prefix + f);
    const sign = h & 1 ? 1 : -1;
    vec[(h >>> 1) % dim] += sign * weight * (1 + Math.log(n));
  }
}

/** The embedding of one text (exported for tests and the benchmark). */
export function hashEmbed(text: string, dimension: number, language?: string): number[] {
  const lang = language ?? detectLanguage(text);
  const content = contentWords(text, lang);
  const wordFeatures: string[] = [];
  const gramFeatures: string[] = [];
  for (const w of content) {
    const folded = foldWord(w);
    wordFeatures.push(foldWord(stem(w, lang)));
    charNgrams(folded, 4, 4, gramFeatures);
  }
  const vec = new Float64Array(dimension);
  addFeatures(vec, wordFeatures, WORD_WEIGHT, 'w:');
  addFeatures(vec, gramFeatures, GRAM_WEIGHT, 'g:');
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
    async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
      const out: number[][] = [];
      for (const t of texts) {
        signal?.throwIfAborted();
        out.push(hashEmbed(t, dimension, options.language));
      }
      return out;
    },
  };
}
