/**
 * The API reference page at /api/docs: a small self-contained page (no CDN;
 * nothing external is reachable) that renders /api/openapi.json grouped by
 * tag, with each operation's parameters, body and responses.
 */

export const REFERENCE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference</title></head>
<body><main id="app"><p>Loading the API description…</p></main><script src="/api/docs/reference.js"></script></body></html>
`;

function render() {
  const css = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin:32px 0 8px;text-transform:capitalize;border-bottom:1px solid #cbd5e1}
details{background:#fff;border:1px solid #e2e8f0;border-radius:8px;margin:6px 0}summary{cursor:pointer;padding:8px 12px;display:flex;gap:10px;align-items:center}
.m{font:600 12px monospace;padding:2px 6px;border-radius:4px;color:#fff;min-width:56px;text-align:center}.GET{background:#2563eb}.POST{background:#16a34a}
.PATCH{background:#d97706}.DELETE{background:#dc2626}.OPTIONS{background:#64748b}code{font:13px monospace}.lock{margin-inline-start:auto;font-size:12px;color:#64748b}
pre{background:#0f172a;color:#e2e8f0;padding:10px;border-radius:6px;overflow:auto;font-size:12px;margin:6px 12px 12px}h4{margin:8px 12px 0;font-size:13px}`;
  // A constructed sheet, not an inline <style>: allowed under a strict style-src CSP.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [sheet];
  const app = document.getElementById('app')!;
  const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const block = (title: string, value: unknown) => `<h4>${esc(title)}</h4><pre>${esc(JSON.stringify(value, null, 2))}</pre>`;
  fetch('/api/openapi.json').then((r) => r.json()).then((doc) => {
    const byTag: Record<string, string[]> = {};
    for (const [path, ops] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const tag = (op.tags as string[] | undefined)?.[0] ?? 'other';
        const parts = [
          op.parameters ? block('Parameters', op.parameters) : '',
          op.requestBody ? block('Request body', op.requestBody) : '',
          block('Responses', op.responses),
        ].join('');
        (byTag[tag] ??= []).push(`<details><summary><span class="m ${method.toUpperCase()}">${method.toUpperCase()}</span><code>${esc(path)}</code>`
          + `<span>${esc(op.summary ?? '')}</span>${op.security ? '<span class="lock">admin</span>' : ''}</summary>${parts}</details>`);
      }
    }
    app.innerHTML = `<h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? '')}</p><p>OpenAPI ${esc(doc.openapi)} · <a href="/api/openapi.json">openapi.json</a></p>`
      + Object.entries(byTag).sort().map(([tag, items]) => `<h2>${esc(tag)}</h2>${items.join('')}`).join('');
  }).catch((e) => {
    app.textContent = `Could not load /api/openapi.json: ${e}`;
  });
}

/** The function's own source; `__name` is the helper tsx's transform may call to keep function names. */
export const REFERENCE_JS = `var __name = function (f) { return f; };\n(${render.toString()})();\n`;
