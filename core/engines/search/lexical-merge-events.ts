/** What the merges of the lexical segments (./lexical-segment-merges.ts) are given and tell as they run. */
/** What happens to a merge, as it happens (tests wait for `started` to act while a merge runs; the index logs `failed`). */
export interface MergeEvent {
  phase: 'started' | 'done' | 'failed';
  /** `level`: a full level merged into the next; `compact`: every segment merged at a quiet time. */
  kind: 'level' | 'compact';
  /** The segments merged and the one made of them. */
  segments: number[];
  into: number;
  /** Postings in the merged segments (`done`: in the new one). */
  postings: number;
  /** Whether the merge ran in a worker thread (else inline, on the caller's thread). */
  worker: boolean;
  /** `done`: the whole merge, and the swap (register, drop the merged tables) on the caller's thread, in ms. */
  ms?: number;
  swapMs?: number;
  error?: Error;
}

export interface MergeOptions {
  alive: (doc: number) => boolean;
  /** Every document's length in the field of `prefix` (for the block bounds written with each term). */
  lengths?: (prefix: string) => ArrayLike<number>;
  /** The database file, for a merge worker's own connection; absent (a private temporary database): merges run inline. */
  file?: string;
  /**
   * The documents as a merge worker needs them (documents 0..`throughDoc`): 1 per live document, and per
   * field key prefix every document's length. Absent: merges run inline.
   */
  docs?: (throughDoc: number) => { alive: Uint8Array; lengths: Record<string, Uint32Array> };
  /** Merges of fewer postings run inline (a worker costs more than they do); default WORKER_MIN_POSTINGS. */
  workerMinPostings?: number;
  /** Told of every merge as it starts, ends and fails. */
  onMerge?: (event: MergeEvent) => void;
  /** Told what else went wrong in the background (a merged table a worker could not drop). */
  log?: (message: string) => void;
}
