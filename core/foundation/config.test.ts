import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from './config';

describe('config', () => {
  it('runs on embedded defaults with no variables', () => {
    const c = loadConfig({}, '/srv/app');
    assert.equal(c.port, 3000);
    assert.equal(c.dataDir, '/srv/app/data');
    assert.equal(c.storage.kind, 'local');
    assert.equal(c.llm.apiKey, null);
    assert.equal(c.search.chromaUrl, null);
    assert.equal(c.worker.concurrency, 2);
    assert.deepEqual(c.worker.ocrLanguages, ['eng', 'heb', 'fra']);
  });

  it('names the Chroma collection from CHROMA_COLLECTION (default chunks) and refuses a name Chroma would', () => {
    assert.equal(loadConfig({}, '/x').search.chromaCollection, 'chunks');
    assert.equal(loadConfig({ CHROMA_COLLECTION: 'shop-eu_2' }, '/x').search.chromaCollection, 'shop-eu_2');
    for (const bad of ['ab', 'has space', '-dash-first', 'a..b']) {
      assert.throws(() => loadConfig({ CHROMA_COLLECTION: bad }, '/x'), /CHROMA_COLLECTION must be/);
    }
  });

  it('collects every invalid variable into one clear message', () => {
    assert.throws(() => loadConfig({ PORT: 'abc', S3_ENDPOINT: 'http://s3:9000', EMBEDDER: 'magic' }, '/x'), (e: Error) =>
      /PORT must be a whole number/.test(e.message) && /S3_BUCKET is required/.test(e.message) && /EMBEDDER must be/.test(e.message));
  });

  it('reads a .env file, with real environment variables winning', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    writeFileSync(path.join(dir, '.env'), '# comment\nPORT=4000\nANTHROPIC_API_KEY="sk-test"\n');
    const c = loadConfig({ PORT: '5000' }, dir);
    assert.equal(c.port, 5000);
    assert.equal(c.llm.apiKey, 'sk-test');
  });

  it('configures S3 storage from S3_* variables', () => {
    const c = loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, '/x');
    assert.equal(c.storage.kind, 's3');
    assert.equal(c.storage.kind === 's3' && c.storage.forcePathStyle, true);
  });

  it('LLM_PROVIDER=openai takes key, URL and model from the OPENAI_* variables; a local server needs no key', () => {
    const c = loadConfig({ LLM_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/', OPENAI_MODEL: 'llama3.1', ANTHROPIC_API_KEY: 'sk-ant' }, '/x');
    assert.deepEqual([c.llm.provider, c.llm.apiKey, c.llm.baseUrl, c.llm.model], ['openai', null, 'http://127.0.0.1:11434/v1', 'llama3.1']);
    assert.equal(loadConfig({}, '/x').llm.provider, 'anthropic');
  });

  it('LLM_PROVIDER=openai without a model, or without both key and URL, is refused with the variables to set', () => {
    assert.throws(() => loadConfig({ LLM_PROVIDER: 'openai' }, '/x'), (e: Error) =>
      /OPENAI_MODEL is required/.test(e.message) && /OPENAI_API_KEY \(OpenAI\) or OPENAI_BASE_URL/.test(e.message));
    assert.throws(() => loadConfig({ LLM_PROVIDER: 'ollama' }, '/x'), /LLM_PROVIDER must be anthropic or openai/);
  });

  it('reads the scale settings: PostgreSQL URL, worker off, lease, retention, public limit; refuses a non-PostgreSQL URL', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://cms:pw@db:5432/cms', WORKER_CONCURRENCY: '0', JOB_LEASE_SECONDS: '10', CONVERSATION_RETENTION_DAYS: '30',
      CONVERSATION_MAX_MESSAGES: '50', PUBLIC_RATE_LIMIT: '600',
    }, '/x');
    assert.equal(c.databaseUrl, 'postgres://cms:pw@db:5432/cms');
    assert.equal(c.worker.concurrency, 0);
    assert.equal(c.worker.leaseMs, 10_000);
    assert.deepEqual(c.conversations, { retentionDays: 30, maxMessages: 50 });
    assert.equal(c.limits.publicPerMinute, 600);
    const d = loadConfig({}, '/x');
    assert.equal(d.databaseUrl, null);
    assert.deepEqual(d.conversations, { retentionDays: 90, maxMessages: 200 });
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://db/cms' }, '/x'), (e: Error) => /DATABASE_URL must be a PostgreSQL URL/.test(e.message));
  });
});
