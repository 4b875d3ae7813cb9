/**
 * widget.js: one <script src="https://assistant.example/widget.js" data-…> tag
 * on any site adds the public assistant as a floating button and a panel.
 * The button lives in a Shadow DOM (the page's styles cannot reach it, its
 * styles cannot reach the page); the conversation runs in an iframe served
 * by the assistant's own origin (/widget/frame), which the server lets only
 * the admin's allowed origins embed (CSP frame-ancestors).
 *
 * Attributes: data-title, data-color (#rgb/#rrggbb), data-greeting, data-lang
 * (default: the page's <html lang>, then the browser's), data-position (right|left).
 *
 * It asks for its configuration first (/api/widget/config, which the server
 * lets only allowed sites read): on a site that is not allowed it adds nothing
 * at all, no launcher and no blocked frame.
 */
import { baseLanguage, isRtl, stringsFor } from './strings';

const MESSAGE_CLOSE = 'smarthome-widget:close';

interface WidgetConfig {
  color?: string | null;
}

function start(script: HTMLScriptElement, cfg: WidgetConfig) {
  const origin = new URL(script.src, location.href).origin;
  const d = script.dataset;
  const lang = baseLanguage(d.lang || document.documentElement.lang || navigator.language);
  const rtl = isRtl(lang);
  const s = stringsFor(lang);
  const COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
  const ownColor = COLOR.test(d.color ?? '') ? d.color! : null;
  const color = ownColor ?? (cfg.color && COLOR.test(cfg.color) ? cfg.color : '#1d4ed8');
  const side = d.position === 'left' || (d.position !== 'right' && rtl) ? 'left' : 'right';

  const host = document.createElement('div');
  host.setAttribute('data-smarthome-widget', '');
  const root = host.attachShadow({ mode: 'open' });
  const css = `:host{all:initial}
.launcher{position:fixed;bottom:20px;${side}:20px;z-index:2147483000;width:56px;height:56px;border-radius:50%;border:0;cursor:pointer;
background:${color};color:#fff;box-shadow:0 6px 20px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;padding:0}
.launcher:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.launcher svg{width:26px;height:26px}
.panel{position:fixed;bottom:88px;${side}:20px;z-index:2147483000;width:min(380px,calc(100vw - 24px));height:min(600px,calc(100vh - 110px));
border-radius:16px;overflow:hidden;box-shadow:0 12px 40px rgba(0,0,0,.3);background:#fff;display:none}
.panel.open{display:block}
iframe{border:0;width:100%;height:100%;display:block}`;
  if (typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
  }

  const chatIcon = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  const closeIcon = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  const button = document.createElement('button');
  button.className = 'launcher';
  button.type = 'button';
  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', d.title || s.title);
  root.append(panel, button);

  let frame: HTMLIFrameElement | null = null;
  const setOpen = (open: boolean) => {
    panel.classList.toggle('open', open);
    button.innerHTML = open ? closeIcon : chatIcon;
    button.setAttribute('aria-label', open ? s.close : s.open);
    button.setAttribute('aria-expanded', String(open));
    if (open && !frame) {
      const params = new URLSearchParams({ lang });
      if (ownColor) params.set('color', ownColor);
      if (d.title) params.set('title', d.title);
      if (d.greeting) params.set('greeting', d.greeting);
      frame = document.createElement('iframe');
      frame.title = d.title || s.title;
      frame.src = `${origin}/widget/frame#${params}`;
      panel.append(frame);
    }
    if (open) frame?.focus();
  };
  setOpen(false);
  button.addEventListener('click', () => setOpen(!panel.classList.contains('open')));
  window.addEventListener('message', (e) => {
    if (e.origin === origin && e.data === MESSAGE_CLOSE) {
      setOpen(false);
      button.focus();
    }
  });
  document.body.append(host);
}

/**
 * The configuration (the admin's brand colour where the tag sets none), readable from allowed sites only:
 * the browser refuses the answer elsewhere (CORS), and then the widget stays out of the page.
 */
async function boot(script: HTMLScriptElement) {
  const origin = new URL(script.src, location.href).origin;
  let cfg: WidgetConfig;
  try {
    const r = await fetch(`${origin}/api/widget/config`);
    if (!r.ok) throw new Error(String(r.status));
    cfg = (await r.json()) as WidgetConfig;
  } catch {
    // Not an allowed site (or the assistant is unreachable): show nothing; the tag says why for whoever looks.
    script.setAttribute('data-widget-state', 'not-allowed');
    return;
  }
  script.setAttribute('data-widget-state', 'ready');
  if (document.body) start(script, cfg);
  else document.addEventListener('DOMContentLoaded', () => start(script, cfg), { once: true });
}

const current = document.currentScript as HTMLScriptElement | null;
if (current?.src) void boot(current);
