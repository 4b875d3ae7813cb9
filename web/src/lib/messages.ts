/**
 * Words a server message (a job step or failure reason sent as a code with
 * parameters, core/foundation/messages.ts) in the console's language. The English
 * console shows the server's own English text (a failure's text carries
 * details the template leaves out); other languages use their template; a
 * code the console does not know shows the English text. A few codes the
 * console words in its own terms in every language (locales' consoleMessages).
 */
import type { Coded, MessageParams } from '@core/foundation/types';
import { en } from '../locales/en';
import { isApiError } from './api-client';
import { he } from '../locales/he';

type Templates = Record<string, string>;
const TEMPLATES: Record<string, Templates> = { en: en.messages, he: he.messages };
/** Codes the console words itself in every language (the server's text is for API and CLI users). */
const CONSOLE_TEMPLATES: Record<string, Templates> = { en: en.consoleMessages, he: he.consoleMessages };
const consoleTemplate = (base: string, coded: Coded | null | undefined) => (coded ? (CONSOLE_TEMPLATES[base] ?? CONSOLE_TEMPLATES.en!)[coded.code] : undefined);
/** Language names by product name ("spanish"), per console language: a parameter naming a language is worded too. */
const LANGUAGE_NAMES: Record<string, Record<string, string>> = { en: en.languages, he: he.languages };
/** Item status names ("processing"), per console language: a `{status}` parameter is worded too. */
const STATUS_NAMES: Record<string, Record<string, string>> = { en: en.status, he: he.status };

/** First strong isolate .. pop directional isolate: a parameter keeps its own direction inside the sentence. */
export const isolate = (value: string | number) => `\u2068${value}\u2069`;

export function fillTemplate(template: string, params: MessageParams, wrap: (v: string | number) => string = isolate): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? wrap(params[name]!) : whole));
}

export function wordMessage(language: string, coded: Coded | null | undefined, text: string | null | undefined): string | null {
  const base = language.split('-')[0] ?? 'en';
  const own = consoleTemplate(base, coded);
  if (base === 'en' && text && own === undefined) return text;
  const templates = TEMPLATES[base] ?? TEMPLATES.en!;
  const template = own ?? (coded ? templates[coded.code] : undefined);
  // A message made of parts (a job's warnings) is worded part by part; one part the console cannot word shows the server's text.
  const parts = coded?.parts?.length ? coded.parts.map((p) => (Object.hasOwn(templates, p.code) ? wordMessage(language, p, null) : null)) : null;
  if (template !== undefined && !parts?.includes(null)) {
    const names = LANGUAGE_NAMES[base] ?? {};
    const statuses = STATUS_NAMES[base] ?? {};
    const params = Object.fromEntries(
      Object.entries(coded!.params ?? {}).map(([k, v]) => [k,
        typeof v === 'string' && k === 'status' && Object.hasOwn(statuses, v) ? statuses[v]!
          : typeof v === 'string' && Object.hasOwn(names, v) ? names[v]! : v]),
    );
    if (parts) params.warnings = parts.join(' ');
    return fillTemplate(template, params);
  }
  return text ?? null;
}

const API_ERRORS: Record<string, Record<string, string>> = { en: en.apiErrors, he: he.apiErrors };

/**
 * What the console says about a failed request: the server's coded message in the console's language, else
 * (English) the server's own text, else a sentence for its error code; a request that never reached the server says so.
 */
export function wordError(language: string, error: unknown): string {
  const base = language.split('-')[0] ?? 'en';
  const words = API_ERRORS[base] ?? API_ERRORS.en!;
  // Only a request that never got an answer (fetch's TypeError) is "could not be reached"; any other failure is not hidden behind it.
  if (!isApiError(error)) return error instanceof TypeError ? words.network! : base === 'en' && error instanceof Error && error.message ? error.message : words.internal!;
  if (base === 'en' && error.serverMessage && consoleTemplate(base, error.coded) === undefined) return error.serverMessage;
  const coded = error.coded ? wordMessage(language, error.coded, null) : null;
  if (coded) return coded;
  return (error.code && words[error.code]) || (error.status === 0 ? words.network! : words.internal!);
}

/**
 * Why the server refused, when it said so with a code the console can word (core/foundation/messages.ts), in the console's
 * language (English: the server's own text); null when it sent no code or one the console does not know.
 */
export function wordReason(language: string, error: unknown): string | null {
  if (!isApiError(error) || !error.coded) return null;
  return wordMessage(language, error.coded, null) !== null ? wordError(language, error) : null;
}

/**
 * A title the server gave a translated version ("Installation guide (spanish)": the item's title and the product
 * name of the language) with the language worded in the console's language ("Installation guide (ספרדית)").
 */
export function wordTitleLanguage(language: string, title: string): string {
  const names = LANGUAGE_NAMES[language.split('-')[0] ?? 'en'] ?? {};
  const m = / \(([a-z]+)\)$/.exec(title);
  return m && Object.hasOwn(names, m[1]!) ? `${title.slice(0, m.index)} (${names[m[1]!]})` : title;
}
