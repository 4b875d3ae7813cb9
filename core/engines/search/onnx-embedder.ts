/**
 * Embedder running a local ONNX sentence-embedding model folder (Hugging
 * Face layout: config.json, tokenizer.json, onnx/model.onnx) through
 * transformers.js with remote loading off: nothing is ever downloaded.
 * `@huggingface/transformers` is an optional dependency loaded on first
 * use; without it, or without a valid model folder, embedding fails with
 * AppError('not_configured').
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import type { Embedder } from './types';

export interface OnnxEmbedderOptions {
  /** Folder of one model, e.g. data/models/multilingual-e5-small */
  modelDir: string;
  /** Vector size; read from config.json (hidden_size) when absent. */
  dimension?: number;
  /** Pooling of token vectors (default mean). */
  pooling?: 'mean' | 'cls';
  /** Texts per model call (default 16). */
  batchSize?: number;
}

const PACKAGE = '@huggingface/transformers';

/** Checks the folder layout; throws AppError('not_configured') naming what is missing. */
export function checkModelDir(modelDir: string): { config: Record<string, unknown>; onnxFile: string } {
  const dir = path.resolve(modelDir);
  const missing = (what: string) => new AppError('not_configured',
    `The ONNX embedding model folder ${dir} ${what}. It needs config.json, tokenizer.json and onnx/model.onnx (a Hugging Face model exported to ONNX).`);
  if (!existsSync(dir)) throw missing('does not exist');
  const configFile = path.join(dir, 'config.json');
  if (!existsSync(configFile)) throw missing('has no config.json');
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new AppError('not_configured', `The ONNX model config ${configFile} is not valid JSON.`, { cause: e });
  }
  if (!existsSync(path.join(dir, 'tokenizer.json'))) throw missing('has no tokenizer.json');
  const onnxFile = ['onnx/model.onnx', 'model.onnx'].map((f) => path.join(dir, f)).find((f) => existsSync(f));
  if (!onnxFile) throw missing('has no onnx/model.onnx');
  return { config, onnxFile };
}

type Extractor = (texts: string[], opts: { pooling: string; normalize: boolean }) => Promise<{ tolist(): number[][] }>;

export function createOnnxEmbedder(options: OnnxEmbedderOptions): Embedder {
  const dir = path.resolve(options.modelDir);
  const { config } = checkModelDir(dir);
  const dimension = options.dimension ?? Number(config.hidden_size ?? config.d_model ?? 0);
  if (!dimension) throw new AppError('not_configured', `Cannot tell the vector size of ${dir}: set the dimension (config.json has no hidden_size).`);
  const batchSize = options.batchSize ?? 16;
  let extractor: Promise<Extractor> | null = null;

  const load = async (): Promise<Extractor> => {
    let mod: { env: Record<string, unknown>; pipeline: (task: string, model: string, o: object) => Promise<Extractor> };
    try {
      mod = await import(PACKAGE as string);
    } catch (e) {
      throw new AppError('not_configured', `Local ONNX embeddings need the optional package ${PACKAGE}; install it (flock /tmp/npm.lock npm install ${PACKAGE}).`, { cause: e });
    }
    mod.env.allowRemoteModels = false;
    mod.env.allowLocalModels = true;
    mod.env.localModelPath = path.dirname(dir) + path.sep;
    try {
      return await mod.pipeline('feature-extraction', path.basename(dir), { dtype: 'fp32' });
    } catch (e) {
      throw new AppError('not_configured', `Could not load the ONNX model in ${dir}: ${(e as Error).message}`, { cause: e });
    }
  };

  return {
    id: `onnx:${path.basename(dir)}:${dimension}`,
    dimension,
    async embed(texts, signal) {
      extractor ??= load().catch((e) => { extractor = null; throw e; });
      const run = await extractor;
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        signal?.throwIfAborted();
        const res = await run(texts.slice(i, i + batchSize), { pooling: options.pooling ?? 'mean', normalize: true });
        out.push(...res.tolist());
      }
      for (const v of out) {
        if (v.length !== dimension) throw new AppError('conflict', `The ONNX model ${dir} returned ${v.length} dimensions, expected ${dimension}.`);
      }
      return out;
    },
  };
}
