/**
 * Do-not-translate detection: segments that must come out exactly as they
 * went in, because a translation would break them. Whole segments:
 *
 * - code (a listing line, a block in a code style or a monospace font):
 *   "for (var i = 2; i < 100; ++i) {" must not become "para (var ...";
 * - formulas: single-letter variables, maths function names, numbers and
 *   operators ("sin x", "f(x) = 2x + 1");
 * - short labels: a single letter, a number, a form line number ("8a",
 *   "12b"), a roman numeral, a table row label ("A");
 * - identifiers: one token written as code (`getValue`, `max_size`,
 *   `String.format()`, `Double`, `HTTP_PROXY`);
 * - nothing left once glossary terms and literal text are set aside.
 *
 * Inline, a monospace run inside a sentence becomes a literal tag (see
 * ./inline: its text is protected like a glossary term).
 */
import type { KeepReason } from '../../formats/types';
import { stripTags } from '../../foundation/tools/inline-tags';

export type { KeepReason };

/** Fonts that mark code. */
export const MONOSPACE_FONT = /mono|courier|consol|menlo|monaco|inconsolata|fixedsys|lucida console|source code|fira code|cascadia|andale|typewriter/i;
/** Style names that mark code (Word's HTML Preformatted, Code, Source Code, Verbatim, Macro Text). */
export const CODE_STYLE = /^(html ?preformatted|htmlcode|code|source ?code|sourcecode|verbatim|macro ?text|plaintext|codeblock|code ?block)/i;

const MATH_WORDS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'log', 'ln', 'lg', 'exp',
  'lim', 'max', 'min', 'sup', 'inf', 'det', 'mod', 'gcd', 'lcm', 'sqrt', 'dx', 'dy', 'dt', 'arg', 'deg', 'dim', 'ker']);
const MATH_SIGNS = /[=+\-−*/^_<>≤≥≠≈±×÷·∑∏∫√∞∂∇→←↔′'|]/u;
/** Type names as programming languages spell them: a cell reading "Double" in a list of types. */
const TYPE_NAMES = new Set(['Double', 'Float', 'Integer', 'Int', 'Int16', 'Int32', 'Int64', 'UInt32', 'UInt64', 'Long', 'Short', 'Boolean', 'Bool',
  'String', 'Char', 'Byte', 'Decimal', 'DateTime', 'Void', 'NaN', 'null', 'undefined', 'true', 'false', 'None', 'nil']);
const CODE_KEYWORD = /^\s*(?:\d+\s+)?(for|if|else|while|do|switch|case|return|var|let|const|function|def|class|import|from|public|private|static|int|void|#include|#define|try|catch|throw|elif|fn|func|struct|enum)\b/;

/** A listing line or block: most lines are code (a keyword with code punctuation, a statement end, a brace, an assignment). */
export function looksLikeCode(text: string): boolean {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  if (!lines.length) return false;
  const t = lines.join(' ');
  const signs = (t.match(/[{}();=[\]<>!&|+*/%]/g) ?? []).length;
  const isCodeLine = (l: string) => (CODE_KEYWORD.test(l) && /[({;=]/.test(l) && /[);{]\s*$|\)\s*\S*\s*$/.test(l))
    || /[{};]\s*$/.test(l) || /^\s*(?:\d+\s+)?[{}]/.test(l) || /^[\w.[\]]+\s*[-+*/]?=\s*[\w"'(\[!-].*[;)]\s*$/.test(l);
  const codeLines = lines.filter(isCodeLine).length;
  return signs / Math.max(1, t.length) >= 0.05 && codeLines >= Math.max(1, Math.ceil(lines.length * 0.6));
}

/** "sin x", "f(x) = 2x + 1", "a² + b² = c²": only variables, maths words, numbers and signs. */
export function looksLikeFormula(text: string): boolean {
  const t = text.trim();
  if (!t || t.length > 80) return false;
  const words = t.replace(/[\p{N}.,;:()[\]{}²³⁰-⁹₀-₉]+/gu, ' ').split(/[\s=+\-−*/^_<>≤≥≠≈±×÷·∑∏∫√∞∂∇→←↔′'|!]+/u).filter(Boolean);
  if (!words.length) return false;
  if (!words.every((w) => /^\p{L}$/u.test(w) || MATH_WORDS.has(w) || /^\p{L}\p{N}*$/u.test(w) && w.length <= 2)) return false;
  return MATH_SIGNS.test(t) || words.some((w) => MATH_WORDS.has(w)) || words.length >= 2 || /\p{N}/u.test(t);
}

/** "A", "8a", "12b", "B2", "iv.", "3)": a label, not words. */
export function looksLikeLabel(text: string): boolean {
  return /^\s*(?:\p{L}|\p{N}+\p{L}{0,2}|\p{L}{1,2}\p{N}+|[ivxIVX]{1,4}|\p{L}\p{N}*[.)]|\p{N}+[.)])[.:)]?\s*$/u.test(text);
}

/** One token written as code: snake_case, camelCase, dotted.names, call(), ALL_CAPS_WITH_UNDERSCORES, or a type name. */
export function looksLikeIdentifier(text: string): boolean {
  const t = text.trim();
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?$/.test(t)) return false;
  return TYPE_NAMES.has(t) || /_|\.|\(\)$/.test(t) || /[a-z][A-Z]/.test(t) || /^[a-z]+[A-Z]/.test(t);
}

/** Why a segment is kept as it is (null: translate it). `core` is tagged segment text, glossary terms already placeholders or not. */
export function keepReason(core: string): KeepReason | null {
  // Text outside tags, literals and glossary placeholders included: nothing to translate once they are set aside.
  // An object (a tab, a break) separates words.
  const plain = stripTags(core.replace(/<\d+\/>/g, ' ')).replace(/\s+/g, ' ').trim();
  const free = stripTags(core.replace(/<(l[0-9a-f]+|g\d+)\/>/g, ' '));
  if (!/\p{L}/u.test(free)) return 'protected';
  if (looksLikeLabel(plain)) return 'label';
  if (looksLikeIdentifier(plain)) return 'identifier';
  if (looksLikeFormula(plain)) return 'formula';
  if (looksLikeCode(plain)) return 'code';
  return null;
}
