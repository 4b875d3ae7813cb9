import { contentTerms, hasTerm, passageTermSet, words } from '../../foundation/text/terms';
import type { Passage, QueryVariant } from './plan-query';
import { isFrameTerm } from '../../foundation/text/question-frame';

/**
 * The names a question asks about: runs of two or more capitalised words
 * after its first word ("Which version of *Internet Explorer* was it
 * compared with?"), each as its words as written (frame words left out). A
 * name is matched as written, not by stem ("Explorer" is not "exploring").
 * A quote whose passages hold no word of one of them speaks of something
 * else: the files do not mention it. Single capitalised words are left out:
 * an acronym or a word set in small capitals is often written otherwise in
 * the text ("FORCESSTACK" / "F ORCES S TACK"); a single word capitalised
 * inside too ("CalGray", "TraceMonkey") is a name the texts write so.
 */
export function questionNames(question: string, lang: string): string[][] {
  const out: string[][] = [];
  const tokens = [...question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)];
  let run: string[] = [];
  const flush = () => {
    const named = run.flatMap((w) => words(w)).filter((w) => contentTerms(w, lang).some((t) => !isFrameTerm(t, lang)));
    if (run.length >= 2 && named.length >= 2) out.push(named);
    run = [];
  };
  tokens.forEach((m, i) => {
    const w = m[0];
    // The question's first word, and a word after a sentence break, are capitalised by grammar.
    const start = i === 0 || /[.!?:;]\s*$/.test(question.slice(0, m.index));
    if (/^\p{Lu}\p{Ll}+\p{Lu}\p{Ll}/u.test(w) && run.length === 0 && !/^\p{Lu}/u.test(tokens[i + 1]?.[0] ?? '')) out.push(words(w).filter((x) => x.length > 1));
    else if (/^\p{Lu}\p{Ll}/u.test(w) && !start) run.push(w);
    else flush();
  });
  flush();
  return out;
}

/**
 * True when every name of the question has all its words, as written, in one of the texts (a quoted passage with
 * its title and heading, or another of its item's): "Apple Pay" is not held by "Apple's SquirrelFish".
 */
export function namesHeld(names: string[][], texts: string[]): boolean {
  const sets = texts.map((t) => new Set(words(t)));
  return names.every((name) => sets.some((set) => name.every((w) => set.has(w))));
}

/**
 * The passages of the files a question names by their title ("On slide 2 of
 * the *axis* deck" → cht-axis-props): a question word found in a passage's
 * title and in none of the passages' text. Empty when the question names no
 * title, or names them all.
 */
export function namedByTitle(passages: Passage[], variant: QueryVariant): Passage[] {
  const lang = variant.language;
  const texts = passages.map((p) => passageTermSet(`${p.hit.chunk.heading ?? ''}\n${p.hit.chunk.text}`, p.hit.chunk.language, lang));
  const titles = passages.map((p) => passageTermSet(p.hit.chunk.title.replace(/[-_]+/g, ' '), p.hit.chunk.language, lang));
  const naming = variant.terms.filter((t) => !isFrameTerm(t, lang) && titles.some((s) => hasTerm(s, t)) && !texts.some((s) => hasTerm(s, t)));
  if (naming.length === 0) return [];
  const out = passages.filter((_, i) => naming.some((t) => hasTerm(titles[i], t)));
  return out.length < passages.length ? out : [];
}

/**
 * What the whole of each quoted item says of itself among the passages found: its title (the file's name when it has
 * no other), each found passage's heading and text (issue 34: "checks that look for the question's names look in
 * the whole item, not only the quoted passage").
 */
export function itemTexts(quoted: Passage[], found: Passage[]): string[] {
  const items = new Set(quoted.map((p) => `${p.hit.chunk.itemType}:${p.hit.chunk.itemId}`));
  const same = [...quoted, ...found.filter((p) => items.has(`${p.hit.chunk.itemType}:${p.hit.chunk.itemId}`))];
  return same.map((p) => `${p.hit.chunk.title.replace(/[-_.]+/g, ' ')}\n${p.hit.chunk.heading ?? ''}\n${p.hit.chunk.text}`);
}
