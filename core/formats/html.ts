/**
 * HTML: a web page, a document whose main content is read (core/features/ingest/html.ts).
 * Recognised as UTF-8 text that starts as an HTML document, or is named .html/.htm.
 */
import { HTML } from './facts';
import { namedAs, type FileFormat } from './format';

export const html: FileFormat = {
  ...HTML,
  recognize: (head) => {
    if (head.text === undefined) return null;
    const start = head.text.replace(/^\uFEFF/, '').replace(/^\s*(<!--[\s\S]*?-->\s*)*/, '');
    return /^<(!doctype html|html[\s>])/i.test(start) || (namedAs(head, HTML.extensions) && /^</.test(start) && !/^<\?xml|^<svg/i.test(start))
      ? { description: 'an HTML page' } : null;
  },
};
