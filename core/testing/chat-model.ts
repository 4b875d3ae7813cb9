/**
 * TEST HELPER ONLY: a scripted chat model for the bots' tests, provider-neutral
 * (the fake Anthropic and fake OpenAI-compatible APIs both take it): rewrites
 * follow-ups about the hub, translates the Hebrew hub question, and answers by
 * quoting the first passage holding a key fact.
 */
import type { FakeReply } from './fake-anthropic';

/** What the scripted model reads of a request (both fakes record it). */
export interface ScriptedRequest {
  system: string;
  lastUser: string;
}

export const between = (s: string, a: string, b: string) => {
  const i = s.indexOf(a);
  const j = s.indexOf(b, i + a.length);
  return i < 0 || j < 0 ? '' : s.slice(i + a.length, j).trim();
};
export const isPrepare = (r: ScriptedRequest) => r.system.startsWith('You prepare a question');
export const isAnswer = (r: ScriptedRequest) => r.system.includes('document-search assistant');
export const passagesOf = (r: ScriptedRequest) =>
  [...r.lastUser.matchAll(/<document index="(\d+)" title="([^"]*)"[^>]*>\n([\s\S]*?)\n<\/document>/g)].map((m) => ({ n: Number(m[1]), title: m[2], text: m[3] }));

export function model(r: ScriptedRequest): FakeReply {
  if (isPrepare(r)) {
    const q = between(r.lastUser, '<question>', '</question>');
    const convo = between(r.lastUser, '<conversation>', '</conversation>');
    let standalone = q;
    if (/how long does it take/i.test(q) && /hub/i.test(convo)) standalone = 'How long does it take to install the Zigbee hub?';
    const translations: Record<string, string> = {};
    if (/רכזת/.test(q)) translations.en = 'How long does installing the Zigbee hub take?';
    else if (r.lastUser.includes('he (Hebrew)')) translations.he = 'שאלה';
    return JSON.stringify({ standalone, translations });
  }
  if (isAnswer(r)) {
    const q = between(r.lastUser, '<question>', '</question>');
    const ps = passagesOf(r);
    const hebrew = r.system.includes('answer in Hebrew');
    const find = (re: RegExp) => ps.find((p) => re.test(p.text));
    if (/hub/i.test(q) || /רכזת/.test(q)) {
      const p = find(/5 minutes/);
      if (p) return hebrew ? `התקנת הרכזת לוקחת כ-5 דקות [${p.n}].` : `Installing the hub takes about 5 minutes [${p.n}].`;
    }
    if (/install/i.test(q)) {
      const p = find(/20 minutes/);
      if (p) return `The M2 installation takes about 20 minutes with two people [${p.n}].`;
    }
    if (/remote/i.test(q)) {
      const p = find(/P2 button/);
      if (p) return `Hold the P2 button for three seconds [${p.n}].`;
    }
    return '[[NOT_FOUND]] The documents do not contain this information.';
  }
  return { status: 400, errorMessage: 'unexpected request' };
}

const STOP = new Set(['what', 'which', 'who', 'whom', 'how', 'many', 'much', 'does', 'did', 'the', 'and', 'for', 'from', 'with', 'that', 'this', 'are', 'was', 'is', 'of', 'in', 'on', 'to', 'a', 'an', 'by', 'do', 'be', 'it']);
const wordsOf = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !STOP.has(w));

/**
 * A scripted model that reads its passages: it answers with the passage
 * sentence sharing the most words with the question (cited), or says the
 * documents do not hold it. `embellish` adds a figure no passage holds, the
 * way a model makes one up. Used by the answers benchmark.
 */
export function readingModel(options: { embellish?: string } = {}) {
  return (r: ScriptedRequest): FakeReply => {
    if (isPrepare(r)) return JSON.stringify({ standalone: between(r.lastUser, '<question>', '</question>'), translations: {} });
    if (!isAnswer(r)) return { status: 400, errorMessage: 'unexpected request' };
    const q = new Set(wordsOf(between(r.lastUser, '<question>', '</question>')));
    let best = { score: 0, text: '', n: 0 };
    for (const p of passagesOf(r)) {
      for (const s of p.text.replace(/\n/g, ' ').split(/(?<=[.!?])\s+/)) {
        const score = new Set(wordsOf(s).filter((w) => q.has(w))).size;
        if (score > best.score) best = { score, text: s.trim(), n: p.n };
      }
    }
    if (best.score < 2) return '[[NOT_FOUND]] The documents do not contain this information.';
    return `${best.text} [${best.n}]${options.embellish ? ` ${options.embellish}` : ''}`;
  };
}
