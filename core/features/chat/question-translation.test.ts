import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../../engines/llm/offline';
import { createRagBot, type RagBot } from './rag';
import { createTextTranslator } from './question-translation';
import { seedCatalog, tempCatalog } from '../../testing/chat-fixtures';

/**
 * Spanish, French, Portuguese and Italian questions about English files, offline (issue 34): the question goes
 * through Debian's Apertium into English (through Spanish where there is no direct pair), the English sentence is
 * quoted with its Apertium translation beside it, labelled machine translation. Without the engine the bot says
 * a model is needed, as before. Needs the apertium packages scripts/setup-system.sh installs.
 */

let env: Awaited<ReturnType<typeof tempCatalog>>;
let bot: RagBot;
let plain: RagBot;

before(async () => {
  env = await tempCatalog();
  await seedCatalog(env.catalog, env.index);
  const common = { catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() };
  bot = createRagBot({ ...common, translator: createTextTranslator() });
  plain = createRagBot(common);
});
after(async () => {
  await env.cleanup();
});

const CASES: Array<[string, string, RegExp]> = [
  ['es', '¿Cuánto tiempo dura la instalación del motor M2?', /Traducción automática: .*20 minutos/],
  ['fr', "Combien de temps dure l'installation du moteur M2 ?", /Traduction automatique: .*20 minutes/],
  ['pt', 'Quanto tempo demora a instalação do motor M2?', /Tradução automática: .*20 minutos/],
  ['it', "Quanto dura l'installazione del motore M2?", /Traduzione automatica: .*20 minuti/],
];

for (const [lang, question, translated] of CASES) {
  test(`a ${lang} question about an English file is answered with the English quote and its machine translation`, async () => {
    const reply = await bot.answer(question, []);
    assert.equal(reply.detectedLanguage, lang);
    assert.equal(reply.notFound, false, reply.answer);
    assert.match(reply.answer, /^Installation of the M2 motor takes about 20 minutes with two people\.[^\n]*\[1\]/);
    assert.match(reply.answer, translated);
    assert.equal(reply.citations[0]?.page, 1);
  });
}

test('a Spanish question is not answered from an English sentence that only shares stems with it', async () => {
  // "garantía" / "warranty": no shared stem; "motor" / "motor" is. Without translation the English warranty
  // sentence is not quoted for a Spanish question by word overlap.
  const reply = await bot.answer('¿Cuál es el precio del motor M2?', []);
  assert.equal(reply.notFound, true, reply.answer);
});

test('without the engine, a Spanish question over English files says cross-language search needs a model', async () => {
  const reply = await plain.answer('¿Cuánto dura la garantía?', []);
  assert.equal(reply.notFound, true);
  assert.match(reply.answer, /modelo de lenguaje/);
});

test('a German question (no Apertium pair with English) keeps the "needs a model" hint', async () => {
  const reply = await bot.answer('Wie lange dauert die Installation des Motors?', []);
  assert.equal(reply.notFound, true);
  assert.match(reply.answer, /Sprachmodell/);
});
