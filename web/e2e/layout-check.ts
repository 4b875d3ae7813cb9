/**
 * What a page must not do on a small screen, measured in the browser:
 * scroll sideways, cut a control off with its container (or cut its own
 * label), break a word because its column is narrower than the word, or put
 * a button over text. `layoutProblems(page)` returns one sentence per fault.
 */
import type { Page } from 'playwright-core';

/** Columns narrower than this that break a word are a layout fault; wider ones may wrap a long token. */
const NARROW_COLUMN_PX = 160;

export async function layoutProblems(page: Page): Promise<string[]> {
  // tsx keeps function names with a `__name` helper that the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((narrow) => {
    const problems: string[] = [];
    const iw = window.innerWidth;
    const sw = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (sw > iw) {
      const out = [...document.body.querySelectorAll('*')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > iw + 0.5 || r.left < -0.5) && ![...el.children].some((c) => {
          const cr = c.getBoundingClientRect();
          return cr.width > 0 && (cr.right > iw + 0.5 || cr.left < -0.5);
        });
      });
      const where = out.slice(0, 3).map((el) => `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 50)}"> ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}`);
      problems.push(`the page is ${sw}px wide in a ${iw}px window (${where.join('; ')})`);
    }

    const name = (el: Element) => {
      const label = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).placeholder || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = (el as HTMLElement).dataset?.testid ? `[${(el as HTMLElement).dataset.testid}]` : '';
      return `${el.tagName.toLowerCase()}${id} "${label}"`;
    };
    const shown = (el: Element) => (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
    /** Screen-reader-only text and elements are clipped to a pixel on purpose. */
    const srOnly = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const r = a.getBoundingClientRect();
        if (r.width <= 1 && r.height <= 1) return true;
      }
      return false;
    };

    const controls = [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=switch]')]
      .filter((el) => shown(el) && !srOnly(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 2 && r.height > 2;
      });

    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.right > iw + 1) problems.push(`${name(el)} sticks out of the window (${Math.round(r.left)}..${Math.round(r.right)} of ${iw})`);
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        const clipsX = cs.overflowX !== 'visible';
        const clipsY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
        if (!clipsX && !clipsY) continue;
        const ar = a.getBoundingClientRect();
        if ((clipsX && (r.left < ar.left - 1 || r.right > ar.right + 1)) || (clipsY && (r.top < ar.top - 1 || r.bottom > ar.bottom + 1))) {
          problems.push(`${name(el)} is cut off by its container <${a.tagName.toLowerCase()} class="${a.className.toString().slice(0, 60)}">`);
          break;
        }
      }
      if ((el.tagName === 'BUTTON' || el.tagName === 'A') && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
        problems.push(`${name(el)} cuts its own label (${el.scrollWidth}px in ${el.clientWidth}px)`);
      }
    }

    // Text: line boxes per text node. More lines than words means a word was broken.
    const texts: { rect: DOMRect; node: Text }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || !shown(el) || srOnly(el) || el.closest('script, style, noscript')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      // What is drawn: line boxes cut by every ancestor that clips (line-clamp, truncate, scrolling lists).
      let clip = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
        const ar = a.getBoundingClientRect();
        clip = { left: Math.max(clip.left, ar.left), top: Math.max(clip.top, ar.top), right: Math.min(clip.right, ar.right), bottom: Math.min(clip.bottom, ar.bottom) };
      }
      const rects = [...range.getClientRects()]
        .map((r) => new DOMRect(Math.max(r.left, clip.left), Math.max(r.top, clip.top), Math.min(r.right, clip.right) - Math.max(r.left, clip.left), Math.min(r.bottom, clip.bottom) - Math.max(r.top, clip.top)))
        .filter((r) => r.width > 1 && r.height > 1);
      if (!rects.length) continue;
      const words = text.split(/\s+/).length;
      const lines = new Set(rects.map((r) => Math.round(r.top))).size;
      const box = el.getBoundingClientRect();
      if (lines > words && box.width < narrow) problems.push(`"${text.slice(0, 30)}" is squeezed into ${Math.round(box.width)}px: ${lines} lines for ${words} word(s)`);
      for (const rect of rects) texts.push({ rect, node: n });
    }

    for (const el of controls) {
      const r = el.getBoundingClientRect();
      for (const { rect: t, node } of texts) {
        if (el.contains(node) || node.parentElement?.closest('label')?.contains(el)) continue;
        const ix = Math.min(r.right, t.right) - Math.max(r.left, t.left);
        const iy = Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top);
        if (ix > 2 && iy > 2) {
          problems.push(`${name(el)} covers the text "${(node.textContent ?? '').trim().slice(0, 30)}"`);
          break;
        }
      }
    }
    return [...new Set(problems)];
  }, NARROW_COLUMN_PX);
}
