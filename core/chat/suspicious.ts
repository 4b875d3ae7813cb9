/**
 * Sentences the offline answerer must not quote as an answer, because a
 * document (uploaded by anyone the admin trusted, or planted in one) may
 * speak to the reader instead of about the product:
 * - instructions to an AI ("ignore your instructions"),
 * - requests for payment ("pay a $99 reactivation fee", premium numbers),
 * - requests for credentials ("send us your password"),
 * - links that appear nowhere else in the catalog.
 * In a passage that carries an instruction to an AI, every sentence with a
 * link, a phone number or an amount of money is dropped too: it is part of
 * the same planted block.
 */

const INJECTION = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|prompts?|rules|guidelines|directions)\b/i,
  /\b(system prompt|you are now|act as|pretend to be|jailbreak|developer mode)\b/i,
  /\b(reply|respond|answer|say|output)\b.{0,20}\b(only|exactly|with the word)\b/i,
  /התעלם\s+מ?(כל\s+)?ה?הוראות|הוראות\s+קודמות/,
  /تجاهل\s+(جميع\s+|كل\s+)?التعليمات/,
  /ignore[zr]?\s+(les\s+|toutes\s+les\s+)?instructions|ignora\s+(las\s+|todas\s+las\s+)?instrucciones|ignoriere\s+(alle\s+)?(vorherigen\s+)?anweisungen|игнорируй\s+(все\s+)?(предыдущие\s+)?инструкции/i,
];

const MONEY = /[$€£₪¥]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:usd|eur|gbp|dollars?|euros?)\b/i;
const PAY_VERB = /\b(pay|paying|payment|send|wire|transfer|deposit|purchase|buy|top up|gift cards?|bitcoin|btc|crypto|western union|moneygram|paypal)\b/i;
const PREMIUM_NUMBER = /(?:^|[^\d])(?:\+?1[\s.-]?)?\(?9\d\d\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|\b0?90\d[\s.-]?\d{3}/;
const CREDENTIAL = /\b(passwords?|passcodes?|credentials|login details|card numbers?|cvv|security code|social security|one-time code|otp|account numbers?|bank details|pin code)\b/i;
const ASK = /\b(send|provide|share|email|e-mail|reply with|tell us|give|confirm|verify|submit|text us)\b/i;
const CALL = /\b(call|phone|dial|text|whatsapp|telegram|contact)\b/i;
export const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/gi;
const PHONE = /\+?\d[\d\s().-]{7,}\d/;

export function looksLikeInjection(sentence: string): boolean {
  return INJECTION.some((re) => re.test(sentence));
}

export type Suspicion = 'injection' | 'payment' | 'credentials' | 'link' | 'planted';

export interface SuspicionOptions {
  /** True for a link that appears nowhere else in the catalog (see rag.ts). Default: every link is known. */
  unknownLink?: (url: string) => boolean;
  /** The passage around this sentence carries an instruction to an AI. */
  taintedBlock?: boolean;
}

export const linksIn = (text: string): string[] => (text.match(URL_RE) ?? []).map((u) => u.replace(/[.,;:!?]+$/, ''));

/** Why `sentence` must not be quoted as an answer, or null. */
export function suspicionOf(sentence: string, opts: SuspicionOptions = {}): Suspicion | null {
  if (looksLikeInjection(sentence)) return 'injection';
  if (PAY_VERB.test(sentence) && (MONEY.test(sentence) || /\bfee\b/i.test(sentence))) return 'payment';
  if (CALL.test(sentence) && PREMIUM_NUMBER.test(sentence)) return 'payment';
  if (CREDENTIAL.test(sentence) && ASK.test(sentence)) return 'credentials';
  const links = linksIn(sentence);
  if (links.some((u) => opts.unknownLink?.(u))) return 'link';
  if (opts.taintedBlock && (links.length > 0 || PHONE.test(sentence) || MONEY.test(sentence))) return 'planted';
  return null;
}
