/**
 * Test wiring shared by the translation tests: the real Anthropic SDK
 * client against the local fake Messages API answering with the
 * reversible marker transform, and a fresh memory folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAnthropicClient } from '../engines/llm/anthropic';
import { startFakeAnthropic, type FakeAnthropic } from './fake-anthropic';
import { translatingResponder, type TranslatingResponderOptions } from './fake-translate';
import { createModelTranslator, type ModelTranslatorOptions } from '../features/translate/model-translator';
import { createFileTranslationMemory, type TranslationMemory } from '../features/translate/memory';
import type { Translator } from '../features/translate/types';

export interface TranslateRig {
  fake: FakeAnthropic;
  dir: string;
  translator(o?: Partial<ModelTranslatorOptions>): Translator;
  memory(name?: string): TranslationMemory;
  /** Makes the fake translate with these options (and counts its requests). */
  respond(o?: TranslatingResponderOptions): ReturnType<typeof translatingResponder>;
  close(): Promise<void>;
}

export async function startTranslateRig(): Promise<TranslateRig> {
  const fake = await startFakeAnthropic({ responder: translatingResponder() });
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-translate-test-'));
  const llm = createAnthropicClient({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'claude-test', timeoutMs: 20_000, maxRetries: 0, maxTokens: 4096 });
  let n = 0;
  return {
    fake,
    dir,
    translator: (o = {}) => createModelTranslator({ llm, backoffMs: 5, maxAttempts: 3, ...o }),
    memory: (name) => createFileTranslationMemory(path.join(dir, name ?? `memory-${++n}`)),
    respond(o = {}) {
      const r = translatingResponder(o);
      fake.respond(r);
      return r;
    },
    async close() {
      await fake.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
