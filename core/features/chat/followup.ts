import type { ConversationTurn } from '../../engines/llm/prompts';
import { contentTerms, words } from '../../foundation/text/terms';

/**
 * Offline rewrite of a follow-up ("and how long does it take?") into a
 * question retrieval can use: when the question is short or starts with a
 * pronoun or conjunction, the key terms of the previous questions are
 * appended. With a language model, the model rewrites it instead (rag.ts).
 */

/** Words that open a follow-up or point back to something said before. */
const LEADS: Record<string, string[]> = {
  en: ['and', 'also', 'it', 'its', 'that', 'this', 'these', 'those', 'they', 'them', 'their', 'same', 'what about', 'how about', 'then', 'but', 'so', 'one'],
  he: ['ו', 'וגם', 'גם', 'זה', 'זאת', 'הוא', 'היא', 'הם', 'הן', 'אותו', 'אותה', 'שלו', 'שלה', 'ומה', 'וכמה', 'ואיך', 'ומתי', 'ואם'],
  ar: ['و', 'هذا', 'هذه', 'ذلك', 'تلك', 'هو', 'هي', 'هم', 'أيضا', 'وماذا', 'وكم', 'وكيف'],
  fr: ['et', 'aussi', 'il', 'elle', 'ils', 'elles', 'ça', 'cela', 'ce', 'celui', 'celle', 'le', 'la', 'les', 'lui', 'leur', 'alors', 'mais'],
  es: ['y', 'también', 'eso', 'esto', 'ese', 'esa', 'él', 'ella', 'ellos', 'lo', 'la', 'los', 'las', 'su', 'entonces', 'pero'],
  de: ['und', 'auch', 'es', 'das', 'dies', 'diese', 'dieser', 'er', 'sie', 'ihn', 'ihr', 'dann', 'aber', 'dafür', 'davon', 'damit'],
  ru: ['а', 'и', 'также', 'тоже', 'это', 'он', 'она', 'оно', 'они', 'его', 'её', 'их', 'тогда', 'но'],
};
/** Anaphoric words anywhere in a short question. */
const POINTERS = new Set(['it', 'its', 'that', 'this', 'they', 'them', 'זה', 'זאת', 'אותו', 'אותה', 'שלו', 'שלה', 'هذا', 'ذلك', 'هو', 'ça', 'cela', 'lui', 'eso', 'esto', 'es', 'das', 'dies', 'это', 'его', 'её']);

const MAX_ADDED_TERMS = 6;

export function looksLikeFollowUp(question: string, lang: string): boolean {
  const ws = words(question);
  if (ws.length === 0) return false;
  const leads = [...(LEADS[lang] ?? []), ...LEADS.en];
  const first = ws[0];
  const firstTwo = ws.slice(0, 2).join(' ');
  if (leads.includes(first) || leads.includes(firstTwo)) return true;
  // Hebrew/Arabic glue "and" to the next word: "וכמה", "وكم".
  if ((lang === 'he' && /^ו[\u05D0-\u05EA]{2,}/.test(first)) || (lang === 'ar' && /^و[\u0621-\u064A]{2,}/.test(first) && ws.length <= 6)) return true;
  const terms = contentTerms(question, lang);
  if (terms.length <= 1) return true;
  return ws.length <= 8 && ws.some((w) => POINTERS.has(w));
}

/** The question with the previous questions' key terms appended, or unchanged when it is not a follow-up. */
export function heuristicStandalone(question: string, lang: string, history: ConversationTurn[]): string {
  const previous = history.filter((t) => t.role === 'user').slice(-2).reverse();
  if (previous.length === 0 || !looksLikeFollowUp(question, lang)) return question;
  const have = new Set(contentTerms(question, lang).map((t) => t[0]));
  const added: string[] = [];
  for (const turn of previous) {
    for (const w of words(turn.content)) {
      const terms = contentTerms(w, lang);
      if (terms.length === 0 || have.has(terms[0][0])) continue;
      have.add(terms[0][0]);
      added.push(w);
      if (added.length >= MAX_ADDED_TERMS) break;
    }
    if (added.length >= MAX_ADDED_TERMS) break;
  }
  return added.length ? `${question.trim()} (${added.join(' ')})` : question;
}
