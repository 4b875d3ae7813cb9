import { contentTerms, words } from '../text/terms';
import { isFrameTerm } from '../text/question-frame';

/**
 * The names a question asks about: runs of two or more capitalised words
 * after its first word ("Which version of *Internet Explorer* was it
 * compared with?"), each as its words as written (frame words left out). A
 * name is matched as written, not by stem ("Explorer" is not "exploring").
 * A quote whose passages hold no word of one of them speaks of something
 * else: the files do not mention it. Single capitalised words are left out:
 * an acronym or a word set in small capitals is often written otherwise in
 * the text ("FORCESSTACK" / "F ORCES S TACK").
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
    if (/^\p{Lu}\p{Ll}/u.test(w) && !start) run.push(w);
    else flush();
  });
  flush();
  return out;
}

/** True when every name of the question has a word, as written, in one of the texts (a quoted passage with its title and heading). */
export function namesHeld(names: string[][], texts: string[]): boolean {
  const sets = texts.map((t) => new Set(words(t)));
  return names.every((name) => sets.some((set) => name.some((w) => set.has(w))));
}
