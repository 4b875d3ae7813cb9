/** Retrieval evaluation on question-answering files (`cms eval`): loaded on use, it pulls in the whole search stack. */
export { runEval, formatEval, type EvalOptions, type EvalResult } from '../features/eval/retrieval';
export { rerankerFromConfig } from '../engines/search/reranked';
