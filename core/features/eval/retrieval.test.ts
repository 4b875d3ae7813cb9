import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { EVAL_DIR } from '../../testing/corpus';
import { sharedChromaEnv } from '../../testing/shared-chroma';
import { formatEval, languageFromFileName, runEval } from './retrieval';

test('language comes from the two-letter part of the file name', () => {
  assert.equal(languageFromFileName('xquad.es.json'), 'es');
  assert.equal(languageFromFileName('/x/heq.he.val.json'), 'he');
  assert.equal(languageFromFileName('squad-dev.json'), null);
});

test('scores hits only for chunks of the gold passage that contain the answer', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eval-mini-'));
  try {
    const squad = {
      data: [{
        title: 'Hub',
        paragraphs: [
          { context: 'The hub pairs with sensors over Zigbee. Pairing takes about thirty seconds.', qas: [{ question: 'How long does pairing take?', answers: [{ text: 'about thirty seconds' }] }] },
          { context: 'The thermostat lowers the heating at night to save energy.', qas: [
            { question: 'When does the thermostat lower the heating?', answers: [{ text: 'at night' }] },
            { question: 'What colour is the hub?', is_impossible: true, answers: [] },
          ] },
        ],
      }],
    };
    await writeFile(path.join(dir, 'mini.en.json'), JSON.stringify(squad));
    const progress: string[] = [];
    const r = await runEval({ dataDir: dir, chromaUrl: null, onProgress: (p) => progress.push(p.phase) });
    assert.deepEqual(r.languages, { en: { questions: 2, hit1: 1, hit5: 1, mrr10: 1 } });
    assert.equal(r.passages, 2);
    assert.ok(progress.includes('indexing') && progress.includes('asking'));
    assert.match(formatEval(r), /en\s+2\s+1\.000/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('passages with right-to-left marks, controls and unmapped glyphs map to their chunks (one normaliser with the chunker)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eval-rtl-'));
  try {
    // An Arabic passage as SQuAD files carry them: RLM marks, a C1 control and a private-use glyph inside.
    const context = 'يقوم \u200Fالمحور\u200F بربط المستشعرات\u0085 عبر زيجبي. يستغرق الاقتران \uE000حوالي ثلاثين ثانية.';
    const squad = { data: [{ title: 'محور', paragraphs: [{ context, qas: [{ question: 'كم يستغرق الاقتران؟', answers: [{ text: 'حوالي ثلاثين ثانية' }] }] }] }] };
    await writeFile(path.join(dir, 'mini.ar.json'), JSON.stringify(squad));
    const r = await runEval({ dataDir: dir, chromaUrl: null });
    assert.deepEqual(r.unmapped, []);
    assert.equal(r.languages.ar.questions, 1);
    assert.equal(r.languages.ar.hit1, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('pooled eval on real SQuAD-format data (XQuAD en/es/de/ru, HeQ he: 300 passages, 30 questions per language) with Chroma meets sane levels', async () => {
  // The run's shared Chroma under scripts/test.sh (a collection of the eval's own); alone, the eval starts its own.
  const r = await runEval({ dataDir: EVAL_DIR, questionsPerFile: 30, chromaUrl: sharedChromaEnv(EVAL_DIR).CHROMA_URL });
  assert.deepEqual(Object.keys(r.languages).sort(), ['de', 'en', 'es', 'he', 'ru']);
  for (const [lang, s] of Object.entries(r.languages)) {
    assert.equal(s.questions, 30);
    assert.ok(s.hit1 >= 0.8, `${lang} Hit@1 ${s.hit1}`);
    assert.ok(s.hit5 >= 0.9, `${lang} Hit@5 ${s.hit5}`);
    assert.ok(s.mrr10 >= s.hit1 && s.mrr10 <= s.hit5 + 1e-9, `${lang} MRR@10 ${s.mrr10}`);
  }
  assert.ok(r.latencyMs.p50 > 0 && r.latencyMs.p95 >= r.latencyMs.p50);
  assert.equal(r.passages, 300);
});
