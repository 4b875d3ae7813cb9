/**
 * The widget's chat panel, inside the iframe at /widget/frame (same origin
 * as the API). Same conversation rules as /chat: a new session is cleared
 * and opened with a greeting in the visitor's language; messages are polled
 * every 3 s with `since`, paused while a message is answered; files offered
 * by the assistant download through the same candidate URLs.
 */
import type { ChatBotReply, PublicChatMessage } from '@core/foundation/types';
import { mediaFromMessage, type ChatMedia } from '../src/features/chat/media';
import { clearSession, getMessages, sendMessage, startSession } from './api';
import { download, handoffForm, ratingRow, relatedBlock, sourceLinks, type FrameContext } from './frame-blocks';
import { el } from './frame-dom';
import { FRAME_CSS } from './frame-style';
import { baseLanguage, greetingFor, greetingSuits, hasRtlText, isRtl, stringsFor } from './strings';

const POLL_MS = 3_000;
const RESUME_AFTER_REPLY_MS = 1_000;

const params = new URLSearchParams(location.hash.slice(1));
const lang = baseLanguage(params.get('lang'));
const s = stringsFor(lang);
const COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
const color = COLOR.test(params.get('color') ?? '') ? params.get('color')! : '#1d4ed8';
const title = params.get('title') || s.title;
let customGreeting = params.get('greeting');

document.documentElement.lang = lang;
document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
document.documentElement.style.setProperty('--brand', color);
document.title = title;
const sheet = new CSSStyleSheet();
sheet.replaceSync(FRAME_CSS);
document.adoptedStyleSheets = [sheet];

// Layout: header, message log, input row.
const closeButton = el('button', { type: 'button', textContent: '×', title: s.close });
closeButton.setAttribute('aria-label', s.close);
closeButton.addEventListener('click', () => parent.postMessage('smarthome-widget:close', '*'));
const online = el('p', {}, el('span', { className: 'dot' }), s.online);
const heading = el('h1', { textContent: title });
document.body.append(el('header', {}, el('div', {}, heading, online), closeButton));

/** The admin's brand defaults (Website widget settings) where the script tag set nothing. */
async function applyBrandDefaults() {
  try {
    const res = await fetch('/api/widget/config');
    if (!res.ok) return;
    const cfg = (await res.json()) as { title: string | null; color: string | null; greeting: string | null };
    if (!params.get('title') && cfg.title) {
      heading.textContent = cfg.title;
      document.title = cfg.title;
    }
    if (!params.get('color') && cfg.color && COLOR.test(cfg.color)) document.documentElement.style.setProperty('--brand', cfg.color);
    // The settings' greeting only for visitors whose language it is written in; others are greeted in their own.
    if (!customGreeting && cfg.greeting && greetingSuits(cfg.greeting, lang)) customGreeting = cfg.greeting;
  } catch {
    /* the built-in defaults stay */
  }
}
// The log is a region around the list (a list with role="log" is no list: its items would stand alone).
const log = el('ul');
const logBox = el('div', { className: 'log' }, log);
logBox.setAttribute('role', 'log');
logBox.setAttribute('aria-live', 'polite');
logBox.setAttribute('aria-label', title);
const input = el('textarea', { rows: 1, placeholder: s.placeholder, dir: 'auto' });
input.setAttribute('aria-label', s.placeholder);
const sendButton = el('button', { type: 'submit', textContent: s.send, disabled: true });
const form = el('form', { className: 'input' }, input, sendButton);
document.body.append(logBox, form);

// Session: one reference id per tab (sessionStorage), as /chat.
const store = (() => {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
})();
let referenceId = store?.getItem('widgetReferenceId') ?? '';
const isNew = !referenceId || store?.getItem('widgetSessionStarted') !== referenceId;
/** What the message blocks read: the strings, the language, and the conversation's id when they act. */
const ctx: FrameContext = { s, lang, referenceId: () => referenceId };

interface Line {
  id: string;
  role: 'user' | 'bot';
  text: string;
  local: boolean;
  node: HTMLLIElement;
}
const lines: Line[] = [];
let since = new Date(0).toISOString();
let pollPaused = true;
let busy = false;
let typingNode: HTMLLIElement | null = null;

const scrollDown = () => {
  logBox.scrollTop = logBox.scrollHeight;
};

function render(role: 'user' | 'bot', text: string, media: ChatMedia | null, answerId?: string): HTMLLIElement {
  const bubble = el('div', { className: 'bubble', dir: hasRtlText(text) ? 'rtl' : 'ltr' }, el('span', { className: 'sr', textContent: `${role === 'user' ? s.you : s.assistant}: ` }), text);
  const li = el('li', { className: role }, bubble);
  li.dataset.testid = role === 'user' ? 'widget-user-message' : 'widget-bot-message';
  if (media) {
    const button = el('button', { type: 'button', className: 'btn', textContent: s.download });
    button.setAttribute('aria-label', `${s.download}: ${media.title}`);
    button.addEventListener('click', () => void download(media, button));
    li.append(el('div', { className: 'media' }, el('span', { textContent: media.title, title: media.title }), button));
  }
  if (answerId) li.append(ratingRow(answerId, ctx));
  return li;
}

function add(line: Omit<Line, 'node'>, media: ChatMedia | null, answerId?: string) {
  const node = render(line.role, line.text, media, answerId);
  lines.push({ ...line, node });
  log.insertBefore(node, typingNode);
  scrollDown();
}

/** Adds server messages: adopts the matching local copy, skips known ids. */
function absorb(list: PublicChatMessage[], hideGreeting: boolean) {
  for (const [i, m] of list.entries()) {
    if (m.dateTime > since) since = m.dateTime;
    if (hideGreeting && i === 0 && m.role === 'user') continue;
    if (lines.some((l) => l.id === m.id)) continue;
    const local = lines.find((l) => l.local && l.role === m.role && l.text === m.message);
    if (local) Object.assign(local, { id: m.id, local: false });
    else add({ id: m.id, role: m.role, text: m.message, local: false }, m.role === 'bot' ? mediaFromMessage(m) : null);
  }
}

/** Shows a reply; `ratable` is false for the greeting. */
function fromReply(reply: ChatBotReply, ratable = true) {
  const m = reply.mediaItem;
  const media = m ? mediaFromMessage({ output: JSON.stringify(m), file: null, contentType: m.contentType }) : null;
  add({ id: `local-${Date.now()}`, role: 'bot', text: reply.message, local: true }, media, ratable ? reply.answerId : undefined);
  if (reply.citations?.some((c) => c.viewerUrl)) lines[lines.length - 1].node.append(sourceLinks(reply.citations, s));
  if (reply.related?.length) lines[lines.length - 1].node.append(relatedBlock(reply.related, s));
  if (reply.handoff && !log.querySelector('form.handoff')) {
    lines[lines.length - 1].node.append(handoffForm(ctx));
    scrollDown();
  }
}

function setTyping(on: boolean) {
  busy = on;
  input.disabled = on;
  sendButton.disabled = on || !input.value.trim();
  if (on && !typingNode) {
    typingNode = el('li', { className: 'bot' }, el('div', { className: 'typing', role: 'status' }, el('span', { className: 'sr', textContent: s.typing }), el('i'), el('i'), el('i')));
    log.append(typingNode);
    scrollDown();
  } else if (!on && typingNode) {
    typingNode.remove();
    typingNode = null;
  }
}

const failed = () => add({ id: `error-${Date.now()}`, role: 'bot', text: s.failure, local: false }, null);
const resumeSoon = () => setTimeout(() => {
  pollPaused = false;
}, RESUME_AFTER_REPLY_MS);

async function send(text: string) {
  pollPaused = true;
  add({ id: `local-user-${Date.now()}`, role: 'user', text, local: true }, null);
  setTyping(true);
  try {
    fromReply(await sendMessage(text, referenceId, false, lang));
  } catch {
    failed();
  } finally {
    setTyping(false);
    resumeSoon();
    input.focus();
  }
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  const text = input.value.trim();
  if (!text || busy) return;
  input.value = '';
  sendButton.disabled = true;
  void send(text);
});
input.addEventListener('input', () => {
  sendButton.disabled = busy || !input.value.trim();
});
input.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    form.requestSubmit();
  }
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') parent.postMessage('smarthome-widget:close', '*');
});

async function begin() {
  await applyBrandDefaults();
  if (isNew) {
    setTyping(true);
    try {
      if (referenceId) await clearSession(referenceId, lang);
      else {
        referenceId = (await startSession(lang)).referenceId;
        store?.setItem('widgetReferenceId', referenceId);
      }
      if (customGreeting) add({ id: 'greeting', role: 'bot', text: customGreeting, local: false }, null);
      else fromReply(await sendMessage(greetingFor(lang), referenceId, true, lang), false);
      store?.setItem('widgetSessionStarted', referenceId);
      absorb(await getMessages(referenceId, new Date(0).toISOString(), lang).catch(() => []), true);
    } catch {
      failed();
    } finally {
      setTyping(false);
    }
  } else {
    if (customGreeting) add({ id: 'greeting', role: 'bot', text: customGreeting, local: false }, null);
    absorb(await getMessages(referenceId, new Date(0).toISOString(), lang).catch(() => []), !customGreeting);
  }
  resumeSoon();
  input.focus();
}

setInterval(async () => {
  if (pollPaused || busy || document.hidden || !referenceId) return;
  try {
    const list = await getMessages(referenceId, since, lang);
    if (!pollPaused) absorb(list, false);
  } catch {
    /* transient: the next tick tries again */
  }
}, POLL_MS);

void begin();
