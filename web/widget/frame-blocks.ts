/**
 * The blocks the widget frame adds under a message: a file's download, the rating row, the hand-off form,
 * the sources and the related passages. Each reads the conversation's id when it acts (it is set once the
 * session starts).
 */
import type { ChatBotReply } from '@core/foundation/types';
import { candidateUrls, type ChatMedia } from '../src/features/chat/media';
import { sendFeedback, sendHandoff } from './api';
import { el } from './frame-dom';
import { hasRtlText, type WidgetStrings } from './strings';

/** What the blocks need from the frame: its strings, the visitor's language and the conversation's id now. */
export interface FrameContext {
  s: WidgetStrings;
  lang: string;
  referenceId: () => string;
}

/** Downloads an offered file through its candidate URLs (the first opened in a tab when none answers). */
export async function download(media: ChatMedia, button: HTMLButtonElement) {
  button.disabled = true;
  try {
    for (const url of candidateUrls(media)) {
      const res = await fetch(url).catch(() => null);
      if (!res?.ok) continue;
      const href = URL.createObjectURL(await res.blob());
      const a = el('a', { href, download: media.file || url.split('/').pop() || 'download' });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
      return;
    }
    const first = candidateUrls(media)[0];
    if (first) window.open(first, '_blank', 'noopener');
  } finally {
    button.disabled = false;
  }
}

/** Thumbs up / down under an answer; a thumbs down asks what was missing (optional). */
export function ratingRow(answerId: string, { s, lang, referenceId }: FrameContext): HTMLDivElement {
  const row = el('div', { className: 'rate' });
  row.dataset.testid = 'widget-rating';
  const status = el('span', { role: 'status' });
  const rate = async (value: 'up' | 'down', comment?: string) => {
    try {
      await sendFeedback({ referenceId: referenceId(), answerId, rating: value, comment: comment ?? null }, lang);
    } catch {
      return;
    }
    up.setAttribute('aria-pressed', String(value === 'up'));
    down.setAttribute('aria-pressed', String(value === 'down'));
    row.querySelector('form')?.remove();
    if (value === 'down' && comment === undefined) {
      const box = el('input', { maxLength: 1000, placeholder: s.commentPlaceholder, dir: 'auto' });
      box.setAttribute('aria-label', s.commentPlaceholder);
      const f = el('form', {}, box, el('button', { type: 'submit', className: 'btn', textContent: s.sendComment }));
      f.addEventListener('submit', (e) => {
        e.preventDefault();
        void rate('down', box.value.trim());
      });
      row.append(f);
      box.focus();
      status.textContent = '';
    } else status.textContent = s.thanks;
  };
  const thumb = (value: 'up' | 'down', label: string, glyph: string) => {
    const b = el('button', { type: 'button', className: 'btn', textContent: glyph, title: label });
    b.setAttribute('aria-label', label);
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', () => void rate(value));
    return b;
  };
  const up = thumb('up', s.helpful, '👍');
  const down = thumb('down', s.notHelpful, '👎');
  row.append(up, down, status);
  return row;
}

/** The offer to pass the question on to a person: name, e-mail or phone, consent (one form at a time). */
export function handoffForm({ s, lang, referenceId }: FrameContext): HTMLFormElement {
  const h = s.handoff;
  const field = (label: string, type: string, autocomplete: string) => {
    const input = el('input', { type, autocomplete, dir: 'auto' });
    return { input, row: el('label', { className: 'field' }, el('span', { textContent: label }), input) };
  };
  const name = field(h.name, 'text', 'name');
  const email = field(h.email, 'email', 'email');
  const phone = field(h.phone, 'tel', 'tel');
  const consent = el('input', { type: 'checkbox' });
  const status = el('p', { role: 'status', className: 'status' });
  const submit = el('button', { type: 'submit', className: 'btn primary', textContent: h.submit });
  const form = el('form', { className: 'handoff' }, el('p', { className: 'title', textContent: h.title }), name.row, email.row, phone.row,
    el('label', { className: 'consent' }, consent, el('span', { textContent: h.consent })), submit, status);
  form.dataset.testid = 'widget-handoff';
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = { name: name.input.value.trim(), email: email.input.value.trim() || null, phone: phone.input.value.trim() || null, consent: consent.checked };
    if (!input.name || (!input.email && !input.phone) || !input.consent || !referenceId()) {
      status.textContent = h.invalid;
      return;
    }
    submit.disabled = true;
    try {
      await sendHandoff({ referenceId: referenceId(), ...input, language: lang }, lang);
      form.replaceChildren(el('p', { className: 'status', role: 'status', textContent: h.sent }));
    } catch {
      status.textContent = h.invalid;
      submit.disabled = false;
    }
  });
  return form;
}

/** The answer's sources as links opening each passage in the viewer (the message's "Sources:" line names them too). */
export function sourceLinks(citations: NonNullable<ChatBotReply['citations']>, s: WidgetStrings): HTMLElement {
  const items = citations.filter((c) => c.viewerUrl).map((c, i) => {
    const where = c.page != null ? ` · ${s.page} ${c.page}` : c.slide != null ? ` · ${s.slide} ${c.slide}` : '';
    return el('li', {}, el('a', { href: c.viewerUrl, target: '_blank', rel: 'noopener noreferrer' }, `[${i + 1}] `, el('bdi', {}, c.title), where));
  });
  const list = el('ul', { className: 'sources' }, ...items);
  list.dataset.testid = 'widget-citations';
  return list;
}

/** "These pages may help": each passage's place (a link opening it) and its excerpt with the question's words marked. */
export function relatedBlock(related: NonNullable<ChatBotReply['related']>, s: WidgetStrings): HTMLElement {
  const clock = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;
  const items = related.map((r) => {
    const where = r.page != null ? ` · ${s.page} ${r.page}` : r.slide != null ? ` · ${s.slide} ${r.slide}` : r.start != null ? ` · ${clock(r.start)}` : '';
    const label = el('bdi', {}, r.title, where);
    // The viewer opens the place with the question's words lit (a path of this server: the frame is served from it).
    const href = r.viewerUrl ?? r.url;
    const place = href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, label) : label;
    const quote = el('blockquote', { dir: hasRtlText(r.excerpt) ? 'rtl' : 'ltr' });
    let at = 0;
    for (const [a, b] of [...r.marks].sort((x, y) => x[0] - y[0])) {
      if (a < at || b > r.excerpt.length) continue;
      quote.append(r.excerpt.slice(at, a), el('mark', { textContent: r.excerpt.slice(a, b) }));
      at = b;
    }
    quote.append(r.excerpt.slice(at));
    return el('li', {}, place, quote);
  });
  const heading = el('p', { className: 'title', textContent: s.related, id: `related-${Date.now()}` });
  const box = el('section', { className: 'related' }, heading, el('p', { className: 'hint', textContent: s.relatedHint }), el('ul', {}, ...items));
  box.setAttribute('aria-labelledby', heading.id);
  box.dataset.testid = 'widget-related';
  return box;
}
