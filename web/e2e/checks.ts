/**
 * Checks any browser test can run on a page (keep them here, in one place):
 * - `seriousAxeViolations`: axe-core's serious and critical accessibility
 *   violations (contrast, names, roles, ...), injected into the page as is.
 * - `latinWordsInHebrew`: visible words in Latin letters on a Hebrew screen
 *   that are not product, file or technical names: English the user was shown
 *   instead of Hebrew.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | null = null;
const axe = () => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** A few of the offending elements (CSS selectors) with axe's reason. */
  nodes: string[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A and AA rules, plus best practices). */
export async function seriousAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  // Evaluated through the browser's debugging protocol, so the console's Content-Security-Policy (no inline script) holds.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe());
  const result = (await page.evaluate(async (exclude) => {
    const w = window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } };
    const r = await w.axe.run({ include: [['body']], exclude: exclude.map((s) => [s]) }, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`) }));
  }, options.exclude ?? [])) as AxeFinding[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const describeAxe = (screen: string, f: AxeFinding) => `${screen}: ${f.impact} ${f.id} (${f.help}) at ${f.nodes.join(' | ')}`;

/**
 * Latin words that may stay Latin on a Hebrew screen: the product's and brands' names, formats and units,
 * technical names an admin types or reads as they are. File names, e-mail addresses, URLs and paths are
 * recognised by their shape and never counted.
 */
export const LATIN_ALLOWED = new Set([
  // product, brands and the demo content's names
  'aurashade', 'knx', 'zigbee', 'z-wave', 'wi-fi', 'wifi', 'bluetooth', 'smart', 'home', 'hub', 'm2', 'p2', 'ai',
  'powerpoint', 'word', 'anthropic', 'claude', 'openai', 'ollama', 'apertium', 'pocketsphinx', 'whisper', 'chroma', 'postgresql', 's3', 'cms',
  // formats, units and codes
  'pdf', 'docx', 'pptx', 'mp4', 'vtt', 'csv', 'jsonl', 'json', 'png', 'jpg', 'jpeg', 'html', 'css', 'js', 'api', 'url', 'id',
  'ocr', 'emf', 'wmf', 'tiff', 'aac-lc',
  'bytes', 'kb', 'mb', 'gb', 'ms', 's', 'px', 'ok', 'utf', 'rtl', 'ltr', 'iso', 'http', 'https', 'www', 'com', 'org',
  // keys as printed on a keyboard
  'enter', 'shift', 'esc', 'escape', 'tab', 'ctrl', 'alt', 'f8',
]);

/** Words in Latin letters on the page's visible text that are not allowed above, nor parts of a file name, URL, e-mail or path. */
export async function latinWordsInHebrew(page: Page, options: { allow?: Iterable<string>; skip?: string[] } = {}): Promise<string[]> {
  // tsx keeps function names with a `__name` helper that the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  const text = await page.evaluate((skip) => {
    const hidden = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || e.getAttribute('aria-hidden') === 'true') return true;
        if (skip.some((sel) => e!.matches(sel))) return true;
        // What the user typed or uploaded is theirs: inputs, and content rows' titles marked as user data.
        if (e.matches('input, textarea, [data-user-content], code, pre, kbd')) return true;
        // Names marked as such (translate="no": storage keys, folder names, ids).
        if (e.getAttribute('translate') === 'no') return true;
        // Text marked as another language on purpose (a French example question, "English" in the language switch).
        if (e.getAttribute('lang') && !/^he\b/.test(e.getAttribute('lang')!) && e !== document.documentElement) return true;
      }
      return false;
    };
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent ?? '';
      if (!t.trim() || hidden(n.parentElement)) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      if (!r.getClientRects().length) continue;
      out.push(t);
    }
    // Accessible names the user hears: button and link labels, placeholders, image alternatives.
    for (const el of document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
      // An element marked as user content (an image described by its document's own words) is theirs in every attribute.
      if (hidden(el) || el.hasAttribute('data-user-content')) continue;
      for (const a of ['aria-label', 'placeholder', 'alt', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a)!);
    }
    return out.join('\n');
  }, options.skip ?? []);
  const allow = new Set([...LATIN_ALLOWED, ...[...(options.allow ?? [])].map((w) => w.toLowerCase())]);
  const found = new Set<string>();
  for (const token of text.split(/\s+/)) {
    // File names, paths, URLs, e-mail addresses, versions and ids are names, whatever their letters.
    if (/[./\\@:_#=]/.test(token.replace(/[.,;:!?)»"']+$/, '').replace(/^[(«"']+/, ''))) continue;
    for (const word of token.match(/[A-Za-z][A-Za-z0-9'-]*/g) ?? []) {
      const w = word.replace(/^['-]+|['-]+$/g, '');
      // Codes with digits (MP4, M2, H.264) and HTML attribute names (data-title) are names too.
      if (w.length < 2 || /\d/.test(w) || /^data-/.test(w) || allow.has(w.toLowerCase())) continue;
      found.add(w);
    }
  }
  return [...found];
}

/**
 * Controls whose accessible name does not start with the text they show (WCAG 2.5.3 "label in name", stricter:
 * the name starts with it, so a voice user saying what they see reaches it). Buttons, links, tabs and menu items
 * with an aria-label and visible words are checked; icon-only controls (no visible words) name themselves.
 */
export async function namesNotStartingWithText(page: Page): Promise<string[]> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(() => {
    const norm = (s: string) => s.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button[aria-label], a[aria-label], [role="button"][aria-label], [role="tab"][aria-label], [role="menuitem"][aria-label], [role="link"][aria-label]')) {
      if (!el.getClientRects().length || el.closest('[aria-hidden="true"]')) continue;
      const visible = norm(el.innerText ?? '');
      if (!/[\p{L}\p{N}]/u.test(visible)) continue;
      const name = norm(el.getAttribute('aria-label') ?? '');
      if (!name.startsWith(visible)) out.push(`"${name}" does not start with "${visible}"`);
    }
    return out;
  });
}
