/**
 * Markdown: a text document whose headings make its sections. Recognised
 * as UTF-8 text named .md or .markdown (text has no signature of its own).
 */
import type { ExtractedSection } from './types';
import { MARKDOWN } from './facts';
import { namedAs, type FileFormat } from './format';

/** Sections of Markdown text: one per heading (its text under the heading path), the text before the first heading on its own. */
export function markdownSections(markdown: string): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  const path: string[] = [];
  let heading: string | undefined;
  let lines: string[] = [];
  let fence = false;
  const flush = () => {
    const text = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
    if (text) sections.push(heading ? { heading, text } : { text });
    lines = [];
  };
  for (const line of markdown.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const h = fence ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) {
      lines.push(line);
      continue;
    }
    flush();
    path.length = h[1]!.length - 1;
    path[h[1]!.length - 1] = h[2]!;
    heading = path.filter(Boolean).join(' > ');
  }
  flush();
  return sections;
}

export const markdown: FileFormat = {
  ...MARKDOWN,
  recognize: (head) =>
    head.text !== undefined && namedAs(head, MARKDOWN.extensions) && !/^\s*<(!doctype html|html|\?xml|svg)/i.test(head.text) ? { description: 'Markdown text' } : null,
};
