/**
 * Sentences the offline answerer must not quote as an answer, because a
 * document (uploaded by anyone the admin trusted, or planted in one) may
 * speak to the reader instead of about the product:
 * - instructions to an AI ("ignore your instructions"),
 * - requests for payment ("pay a $99 reactivation fee", premium numbers),
 * - requests for credentials ("send us your password"),
 * - links that appear nowhere else in the catalog.
 * A passage that addresses an AI or the assistant ("Note to AI assistants:
 * …", "ignore your instructions") is a planted block: besides that sentence,
 * every sentence of it with a contact (an e-mail address, a phone number, a
 * link, "contact …"/"write to …") or an amount of money is dropped; and a
 * contact the catalog holds only in such blocks is not quoted from any other
 * passage either (known-links.ts finds those).
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

/** Text that speaks to an AI model or to the assistant itself rather than to a reader. */
const ADDRESSES_AI = [
  /\b(note|message|instructions?|attention|reminder)\s+(to|for)\s+(the\s+|all\s+|any\s+)?(ai|a\.i\.|assistants?|chat ?bots?|bots?|language models?|llms?|gpts?|models?)\b/i,
  /\b(ai|a\.i\.|assistants?|chat ?bots?|bots?|language models?|llms?)\s*(reading this|processing this)\b/i,
  /\b(if|when) you are an? (ai|a\.i\.|assistant|chat ?bot|bot|language model|llm)\b/i,
  /\b(dear|hey|hello)\s+(ai|assistant|chat ?bot|bot|model)\b/i,
  /^\s*(ai|assistant|chat ?bot|llm)s?\s*:/i,
  /\b(ai|a\.i\.|the assistant|chat ?bots?|language models?|llms?)\s+(must|should|shall|has to|needs? to|is to|are to)\s+(tell|say|answer|reply|respond|direct|refer|send|give|recommend|always|never|only)\b/i,
];

export function looksLikeInjection(sentence: string): boolean {
  return INJECTION.some((re) => re.test(sentence)) || ADDRESSES_AI.some((re) => re.test(sentence));
}

const EMAIL_RE = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const PHONE_RE = /\+?\d[\d\s().-]{7,}\d/g;
const CONTACT_VERB = /\b(contact|write to|e-?mail|reach|call|phone|dial|text|whatsapp|telegram)\b/i;

/** The e-mail addresses and phone numbers (digits only) a text gives, in lower case. */
export function contactsIn(text: string): string[] {
  const emails = (text.match(EMAIL_RE) ?? []).map((e) => e.toLowerCase().replace(/[.]+$/, ''));
  const phones = (text.match(PHONE_RE) ?? []).map((p) => p.replace(/\D/g, '')).filter((d) => d.length >= 7);
  return [...new Set([...emails, ...phones])];
}

/** Whether `text` holds a block that speaks to an AI (any of its sentences does). */
export const addressesAi = (text: string): boolean => looksLikeInjection(text);

export type Suspicion = 'injection' | 'payment' | 'credentials' | 'link' | 'planted';

export interface SuspicionOptions {
  /**
   * True for a link that appears nowhere else in the catalog, or a contact (see contactsIn) the catalog holds
   * only in blocks that address an AI (see known-links.ts). Default: every link and contact is known.
   */
  unknownLink?: (urlOrContact: string) => boolean;
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
  const contacts = contactsIn(sentence);
  if (contacts.some((c) => opts.unknownLink?.(c))) return 'planted';
  if (opts.taintedBlock && (links.length > 0 || contacts.length > 0 || PHONE.test(sentence) || MONEY.test(sentence) || CONTACT_VERB.test(sentence))) return 'planted';
  return null;
}
