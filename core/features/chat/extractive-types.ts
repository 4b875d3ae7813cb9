import type { Passage } from './plan-query';
import type { FeatureVector } from './reader';

/** What the offline answerer (extractive.ts) returns and takes. */

export interface ExtractiveResult {
  /** Sentences, each ending with its [n]. Empty when nothing matched. */
  text: string;
  /** The passages quoted, numbered as in the text. */
  used: Array<{ n: number; passage: Passage; quotes?: string[] }>;
  /**
   * Evidence that the quote answers the question, 0..1: the share of the
   * question's content terms (weighted by rarity, a term no sentence holds
   * weighing most) found in the quoted sentences or their passage's title
   * and heading. Low support means "not found".
   */
  support: number;
  /**
   * When the question asks for a figure ("how many", "how much", "what
   * value"): whether a quoted sentence holds one, in figures or (English) in
   * words; null when it asks for none.
   */
  kindHeld?: boolean | null;
  /** False when a figure of the question (a number, an ordinal) is in none of the quoted passages. */
  figuresHeld?: boolean;
  /** False when the question asks for a phone number, an e-mail, a web address or a date and the quote holds none. */
  slotsHeld?: boolean;
  /** The learned reader's probability that the quote answers the question (core/features/chat/reader.ts); null when the rules chose. */
  answerProbability?: number | null;
  /** With `explain`: every candidate sentence with its features and both scores (training and measuring the reader). */
  candidates?: ExplainedCandidate[];
  /** With `explain` and the learned reader: the answering model's input (core/features/chat/reader.ts answerFeatures). */
  answerInput?: number[];
}

export interface ExplainedCandidate {
  p: number;
  i: number;
  s: string;
  rule: number;
  features: FeatureVector;
  /** The selection model's score (a logit). */
  learned: number;
}

export interface ExtractiveOptions {
  /** True for a link found nowhere else in the catalog: sentences carrying one are not quoted. */
  unknownLink?: (url: string) => boolean;
  /** 'rules': the hand-set scoring alone; 'learned' (the default when weights are trained): core/features/chat/reader.ts ranks. */
  reader?: 'rules' | 'learned';
  /** Return every candidate with its features (scripts/train-reader.ts). */
  explain?: boolean;
  /** Selection weights to use instead of the committed ones (training). */
  selectWeights?: number[];
  /** Share of the rules' score in the learned ranking (instead of the committed READER_BLEND). */
  blend?: number;
}
