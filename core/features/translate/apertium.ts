/**
 * Offline rule-based translation with Debian's `apertium` (lower quality:
 * labelled 'machine'). Installed modes are discovered with `apertium -l`
 * (names like `eng-spa`, `fr-es`). Segments go through in one run per call
 * in its HTML format, so inline tags and glossary placeholders travel as
 * markup the engine keeps (it may move them with the words; a tag it loses
 * is put back by repairTags). Apertium writes two spaces where it drops a
 * word ("cuándo  aguantas"): collapsed unless the source had them.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { runTool } from '../../foundation/tools/exec';
import type { TranslationLanguage } from '../../foundation/types';
import { TAG, repairTags } from '../../foundation/tools/inline-tags';
import type { Translator } from './types';

const CODES: Record<string, TranslationLanguage> = {
  eng: 'english', en: 'english', spa: 'spanish', es: 'spanish', fra: 'french', fr: 'french', por: 'portuguese', pt: 'portuguese',
  ita: 'italian', it: 'italian', deu: 'german', de: 'german', nld: 'dutch', nl: 'dutch', pol: 'polish', pl: 'polish',
  swe: 'swedish', sv: 'swedish', nob: 'norwegian', nb: 'norwegian', dan: 'danish', da: 'danish', rus: 'russian', ru: 'russian',
  ara: 'arabic', ar: 'arabic', heb: 'hebrew', he: 'hebrew', zho: 'chinese', zh: 'chinese', jpn: 'japanese', ja: 'japanese', kor: 'korean', ko: 'korean',
};

export interface ApertiumOptions {
  /** The apertium binary. Default 'apertium'. */
  bin?: string;
  /** Installed modes (as `apertium -l` prints them); discovered when absent. */
  modes?: string[];
  timeoutMs?: number;
}

/** Product language pair -> apertium mode, from a list of installed mode names. Variants (es-pt_BR, eco-*) are skipped. */
export function pairsFromModes(modes: string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const mode of modes) {
    const m = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode.trim());
    if (!m) continue;
    const s = CODES[m[1] as string];
    const t = CODES[m[2] as string];
    if (s && t && !pairs.has(`${s}>${t}`)) pairs.set(`${s}>${t}`, mode.trim());
  }
  return pairs;
}

/** Mode names installed on this machine ([] when apertium is missing). */
export async function installedApertiumModes(bin = 'apertium'): Promise<string[]> {
  try {
    const r = await runTool(bin, ['-l'], { timeoutMs: 15_000 });
    return r.stdout.toString('utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  } catch {
    return [];
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** Segment text -> HTML the engine keeps tags of: <1> -> <x1>, <2/> -> <x2/>, <g1/> and literals <l3c31/> as they are; text escaped. */
export function toHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    out += esc(text.slice(last, m.index));
    const id = /^\d/.test(m[2] as string) ? `x${m[2]}` : m[2];
    out += `<${m[1]}${id}${m[3]}>`;
    last = (m.index ?? 0) + m[0].length;
  }
  return out + esc(text.slice(last));
}

export function fromHtml(html: string): string {
  let out = '';
  let last = 0;
  for (const m of html.matchAll(/<(\/?)(x\d+|g\d+|l[0-9a-f]+)(\/?)>/g)) {
    out += unesc(html.slice(last, m.index));
    const id = (m[2] as string).startsWith('x') ? (m[2] as string).slice(1) : m[2];
    out += `<${m[1]}${id}${m[3]}>`;
    last = (m.index ?? 0) + m[0].length;
  }
  return out + unesc(html.slice(last));
}

/** Collapses the engine's double spaces unless the source had them; keeps the source's outer spaces. */
export function tidyApertium(source: string, out: string): string {
  let t = /\S {2,}\S/.test(source) ? out : out.replace(/(\S) {2,}(?=\S)/g, '$1 ');
  t = t.trim();
  const lead = /^\s*/.exec(source)?.[0] ?? '';
  const trail = /\s*$/.exec(source)?.[0] ?? '';
  return `${lead}${t}${trail}`;
}

export function createApertiumTranslator(options: ApertiumOptions = {}): Translator & { ready(): Promise<void> } {
  const bin = options.bin ?? 'apertium';
  let pairs = options.modes ? pairsFromModes(options.modes) : null;
  const ready = async () => { pairs ??= pairsFromModes(await installedApertiumModes(bin)); };
  const modeOf = (s: TranslationLanguage, t: TranslationLanguage) => pairs?.get(`${s}>${t}`);

  return {
    id: 'apertium',
    quality: 'machine',
    ready,
    model: (s, t) => `apertium ${modeOf(s, t) ?? `${s}-${t}`}`,
    supports: (s, t) => !!modeOf(s, t),
    async translate(input) {
      await ready();
      const mode = modeOf(input.source, input.target);
      if (!mode) throw new AppError('not_configured', `Apertium has no ${input.source} → ${input.target} pair installed.`);
      const out = new Map<string, string>();
      if (input.segments.length === 0) return out;
      const dir = await mkdtemp(path.join(tmpdir(), 'cms-apertium-'));
      try {
        const html = input.segments.map((s) => `<p>${toHtml(s.text.replace(/\s*\n\s*/g, ' '))}</p>`).join('\n');
        await writeFile(path.join(dir, 'in.html'), html, 'utf8');
        input.onRequest?.();
        await runTool(bin, ['-u', '-f', 'html', mode, path.join(dir, 'in.html'), path.join(dir, 'out.html')], {
          timeoutMs: options.timeoutMs ?? 300_000, signal: input.signal,
        });
        const result = await readFile(path.join(dir, 'out.html'), 'utf8');
        const paras = [...result.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1] as string);
        if (paras.length !== input.segments.length) {
          throw new AppError('internal', `Apertium returned ${paras.length} paragraphs for ${input.segments.length} segments.`);
        }
        input.segments.forEach((s, i) => out.set(s.id, repairTags(s.text, tidyApertium(s.text, fromHtml(paras[i] as string)))));
        input.onResult?.(out);
        return out;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
