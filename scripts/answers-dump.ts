/**
 * Development tool of the offline reader (issue 19): ingests the files of a
 * question set through the real pipeline once and writes, per question,
 * what the offline answerer is given (the retrieval plan's variants, the
 * retrieved passages, the links it may not quote) and where the answer is,
 * so the answerer and its "not found" threshold can be measured in seconds
 * (scripts/train-reader.ts --dev). Usage:
 *   node --import tsx scripts/answers-dump.ts core/features/eval/answers/<set>-questions.json OUT.json
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/foundation/config';
import { describeLocalFile } from '../core/features/content/spool';
import { uploadOfKind } from '../core/features/content/upload-any';
import { formatOfName } from '../core/formats/index';
import { createServices } from '../core/composition/services';
import { detectLanguage, UNDETERMINED } from '../core/foundation/text/language';
import { catalogLanguages, planQuery } from '../core/features/chat/plan-query';
import { retrieve } from '../core/engines/search/retrieve';
import { unknownLinks } from '../core/features/chat/known-links';
import { readQuestions } from '../core/programs/answers-eval';
import { SHARED_CORPUS_DIR as CORPUS_DIR } from '../bench/shared-corpus';

const [questionsFile, out] = process.argv.slice(2);
const questions = await readQuestions(questionsFile);
const listed = (JSON.parse(await readFile(questionsFile, 'utf8')) as { files?: string[] }).files ?? [];
const all = [...new Set([...questions.map((q) => q.file).filter((f): f is string => !!f), ...listed])];
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-dump-'));
const services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: randomBytes(16).toString('hex'), CMS_TOKEN: randomBytes(24).toString('hex'), LOG_LEVEL: 'warn' }), { lock: false, startWorker: true });
try {
  const where = new Map<string, string>();
  for (const rel of all) {
    const t = formatOfName(rel)?.itemType as 'document' | 'presentation';
    const { item } = await uploadOfKind(services.content, t, await describeLocalFile(path.join(CORPUS_DIR!, rel)), {});
    where.set(`${t}:${item.id}`, rel);
  }
  await services.queue.idle();
  await services.product.approve([...where.keys()].map((k) => Number(k.split(':')[1])));
  const languages = await catalogLanguages(services.catalog);
  const rows = [];
  for (const q of questions) {
    const detected = detectLanguage(q.question);
    const language = detected !== UNDETERMINED ? detected : 'en';
    const plan = await planQuery({ question: q.question, language, history: [], llm: services.llm, languages, signal: undefined });
    const passages = await retrieve(services.search, plan.variants);
    const unknown = [...await unknownLinks(services.search, passages.filter((p) => p.relevant))];
    rows.push({ q, plan, languages, unknown, passages: passages.map((p) => ({ ...p, file: where.get(`${p.hit.chunk.itemType}:${p.hit.chunk.itemId}`) })) });
  }
  await writeFile(out, JSON.stringify({ questionsFile, rows }));
} finally {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
}
