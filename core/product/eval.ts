/** Retrieval evaluation on question-answering files (`cms eval`): loaded on use, it pulls in the whole search stack. */
export { runEval, formatEval, type EvalOptions, type EvalResult } from '../eval/retrieval';
export { rerankerFromConfig } from '../search/reranked';
