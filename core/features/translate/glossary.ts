/**
 * The glossary: terms that are never translated (brand and product names,
 * model numbers) or that always get a fixed translation. Before a segment
 * goes to any provider each term becomes a `<gN/>` placeholder; afterwards
 * the placeholder becomes the term (or its fixed translation) again, so no
 * provider can alter it. The version changes on every edit and is part of
 * the translation-memory key, so an edit never serves stale translations.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { TAG } from '../../foundation/tools/inline-tags';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '../../foundation/types';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

export type GlossaryEntry = Static<typeof S.GlossaryEntry>;

export type Glossary = Static<typeof S.Glossary>;

export const EMPTY_GLOSSARY: Glossary = { version: 0, entries: [] };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Protected {
  text: string;
  /** Placeholder id ('g1') -> the text it stands for in the output. */
  restore: Map<string, string>;
}

/** What a term becomes in `target`. */
export const termIn = (e: GlossaryEntry, target: TranslationLanguage) => e.translations?.[target] ?? e.term;

/**
 * Replaces each glossary term in `text` with a placeholder tag, wherever it
 * sits in a sentence. A term may run across inline tags (a word of it bold,
 * a link over part of it: "Somfy <1>TaHoma</1>"): each of its pieces
 * between tags becomes a placeholder and the tags stay where they were, so
 * the segment's tags are untouched. Longer terms win over shorter ones.
 */
export function protectTerms(text: string, glossary: Glossary, target: TranslationLanguage): Protected {
  const restore = new Map<string, string>();
  if (glossary.entries.length === 0) return { text, restore };
  const sorted = [...glossary.entries].filter((e) => e.term.trim()).sort((a, b) => b.term.length - a.term.length);
  // The text without its tags, each character's place in `text`.
  let plain = '';
  const at: number[] = [];
  let last = 0;
  const keepText = (from: number, to: number) => { for (let i = from; i < to; i++) { plain += text[i]; at.push(i); } };
  for (const m of text.matchAll(TAG)) { keepText(last, m.index ?? 0); last = (m.index ?? 0) + m[0].length; }
  keepText(last, text.length);
  // Matches in the plain text, longest terms first, never overlapping.
  const taken: Array<{ start: number; end: number; entry: GlossaryEntry }> = [];
  for (const e of sorted) {
    // Word edges where the term starts/ends with a word character.
    const start = /^[\p{L}\p{N}]/u.test(e.term) ? '(?<![\\p{L}\\p{N}])' : '';
    const end = /[\p{L}\p{N}]$/u.test(e.term) ? '(?![\\p{L}\\p{N}])' : '';
    const re = new RegExp(`${start}${escapeRe(e.term)}${end}`, e.ignoreCase ? 'giu' : 'gu');
    for (const m of plain.matchAll(re)) {
      const s = m.index ?? 0; const t = s + m[0].length;
      if (t > s && !taken.some((x) => s < x.end && t > x.start)) taken.push({ start: s, end: t, entry: e });
    }
  }
  if (!taken.length) return { text, restore };
  taken.sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  let n = 0;
  for (const x of taken) {
    // The term's pieces: runs of its characters that are contiguous in `text` (a tag between two runs stays).
    let k = x.start;
    let first = true;
    while (k < x.end) {
      let j = k;
      while (j + 1 < x.end && at[j + 1] === at[j]! + 1) j++;
      const from = at[k]!; const to = at[j]! + 1;
      out += text.slice(pos, from);
      const id = `g${++n}`;
      const fixed = x.entry.translations?.[target];
      restore.set(id, fixed === undefined ? text.slice(from, to) : first ? fixed : '');
      out += `<${id}/>`;
      pos = to;
      first = false;
      k = j + 1;
    }
  }
  out += text.slice(pos);
  return { text: out, restore };
}

/** Puts the terms back in place of their placeholders. */
export function restoreTerms(text: string, restore: Map<string, string>): string {
  if (restore.size === 0) return text;
  return text.replace(/<(g\d+)\/>/g, (m, id: string) => restore.get(id) ?? m);
}

/** Terms of the glossary that occur in `source` but not in `translation` (after restoring). */
export function missingTerms(source: string, translation: string, glossary: Glossary, target: TranslationLanguage): string[] {
  const p = protectTerms(source, glossary, target);
  const missing: string[] = [];
  for (const want of p.restore.values()) if (!translation.includes(want)) missing.push(want);
  return [...new Set(missing)];
}

export function validateEntry(e: unknown): GlossaryEntry {
  const o = e as GlossaryEntry;
  if (!o || typeof o.term !== 'string' || !o.term.trim()) throw new AppError('validation', 'A glossary entry needs a non-empty "term".');
  if (o.term.length > 200) throw new AppError('validation', 'A glossary term is at most 200 characters.');
  const translations: Partial<Record<TranslationLanguage, string>> = {};
  for (const [lang, value] of Object.entries(o.translations ?? {})) {
    if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(lang)) {
      throw new AppError('validation', `Unknown glossary language "${lang}"; use one of ${TRANSLATION_LANGUAGES.join(', ')}.`);
    }
    if (typeof value !== 'string' || !value.trim()) throw new AppError('validation', `The ${lang} translation of "${o.term}" is empty.`);
    translations[lang as TranslationLanguage] = value.trim();
  }
  return {
    term: o.term.trim(),
    ...(Object.keys(translations).length ? { translations } : {}),
    ...(o.ignoreCase ? { ignoreCase: true } : {}),
  };
}

export interface GlossaryStore {
  get(): Promise<Glossary>;
  /** Adds or replaces the entry with the same term. */
  put(entry: GlossaryEntry): Promise<Glossary>;
  remove(term: string): Promise<Glossary>;
  replaceAll(entries: GlossaryEntry[]): Promise<Glossary>;
}

/** The entries after an edit (put when `entry` is given, else remove `term`); AppError when the term is missing or the entry bad. */
export function editGlossary(entries: GlossaryEntry[], edit: { put: GlossaryEntry } | { remove: string }): GlossaryEntry[] {
  if ('put' in edit) {
    const e = validateEntry(edit.put);
    return [...entries.filter((x) => x.term !== e.term), e];
  }
  if (!entries.some((x) => x.term === edit.remove)) throw new AppError('not_found', `"${edit.remove}" is not in the glossary.`);
  return entries.filter((x) => x.term !== edit.remove);
}

/** The glossary as one small JSON file (written whole, atomically, on each edit). */
export function createGlossaryStore(file: string): GlossaryStore {
  let current: Glossary | null = null;
  const load = (): Glossary => {
    if (current) return current;
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as Glossary;
      current = { version: Number(raw.version) || 0, entries: (raw.entries ?? []).map(validateEntry) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new AppError('internal', `The glossary file ${file} cannot be read.`, { cause: e });
      current = { ...EMPTY_GLOSSARY };
    }
    return current;
  };
  const save = (entries: GlossaryEntry[]): Glossary => {
    const next = { version: load().version + 1, entries };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(next, null, 2));
    renameSync(`${file}.tmp`, file);
    current = next;
    return next;
  };
  return {
    get: async () => load(),
    put: async (entry) => save(editGlossary(load().entries, { put: entry })),
    remove: async (term) => save(editGlossary(load().entries, { remove: term })),
    replaceAll: async (entries) => save(entries.map(validateEntry)),
  };
}
