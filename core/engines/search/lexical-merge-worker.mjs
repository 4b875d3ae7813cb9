// The entry of a lexical merge worker (./lexical-merge.ts starts it). tsx registers its loader on the main
// thread only (`node --import tsx`, `node --import tsx --test`, the tsx CLI alike): the worker registers it,
// then loads the TypeScript merge.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./lexical-merge-worker.ts', import.meta.url).href);
