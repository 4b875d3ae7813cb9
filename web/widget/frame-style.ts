/** The chat panel's styles (inside the iframe: nothing leaks in or out). `--brand` is the data-color. */
export const FRAME_CSS = `*{box-sizing:border-box}
html,body{margin:0;height:100%;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Hebrew",Arial,sans-serif;color:#0f172a;background:#fff}
body{display:flex;flex-direction:column}
header{display:flex;align-items:center;gap:10px;padding:12px 14px;background:var(--brand);color:#fff}
header h1{font-size:15px;margin:0;line-height:1.2}
header p{margin:0;font-size:12px;opacity:.85}
header .dot{display:inline-block;width:7px;height:7px;border-radius:50%;background:#4ade80;margin-inline-end:5px}
header button{margin-inline-start:auto;background:transparent;border:0;color:#fff;cursor:pointer;font-size:20px;line-height:1;padding:4px 8px;border-radius:6px}
header button:focus-visible,button:focus-visible,textarea:focus-visible{outline:2px solid #93c5fd;outline-offset:1px}
.log{flex:1;overflow-y:auto;background:#f8fafc}
.log>ul{list-style:none;margin:0;padding:12px;display:flex;flex-direction:column;gap:10px;min-height:100%}
li{display:flex;flex-direction:column;max-width:85%}
li.user{align-self:flex-end;align-items:flex-end}
li.bot{align-self:flex-start;align-items:flex-start}
.bubble{padding:8px 12px;border-radius:14px;white-space:pre-wrap;word-break:break-word}
li.user .bubble{background:var(--brand);color:#fff;border-end-end-radius:4px}
li.bot .bubble{background:#fff;border:1px solid #e2e8f0;border-end-start-radius:4px}
.sources{list-style:none;margin:4px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px;flex:none;overflow:visible;background:none;font-size:12px}
.sources li{display:block;max-width:100%}
.sources a{color:inherit;text-decoration:underline;border:1px solid #e2e8f0;border-radius:6px;padding:1px 6px;background:#fff}
.related{margin-top:6px;padding:6px 8px;border:1px dashed #cbd5e1;border-radius:8px;background:#f8fafc;font-size:12px;max-width:100%}
.related .title{font-weight:600;margin:0}
.related .hint{color:#475569;margin:0 0 4px}
.related ul{list-style:none;margin:0;padding:0;display:grid;gap:4px;flex:none;overflow:visible;background:none}
.related li{display:block;max-width:100%}
.related a{color:inherit;text-decoration:underline}
.related blockquote{margin:2px 0 0;color:#475569}
.related mark{background:#fef3c7;color:inherit;border-radius:2px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.media{display:flex;align-items:center;gap:8px;margin-top:6px;padding:8px;border:1px solid #e2e8f0;border-radius:10px;background:#fff;max-width:100%}
.media span{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-weight:500}
.btn{border:1px solid #cbd5e1;background:#fff;border-radius:8px;padding:5px 10px;cursor:pointer;font:inherit;color:inherit}
.btn:disabled{opacity:.6;cursor:default}
.rate{display:flex;gap:4px;margin-top:4px;align-items:center;font-size:12px;color:#475569}
.rate .btn{padding:2px 8px}
.rate .btn[aria-pressed=true]{background:var(--brand);color:#fff;border-color:var(--brand)}
.rate form{display:flex;gap:4px;margin-top:4px;width:100%}
.rate input{flex:1;min-width:0;border:1px solid #cbd5e1;border-radius:8px;padding:4px 8px;font:inherit}
.typing{display:flex;gap:4px;padding:12px;background:#fff;border:1px solid #e2e8f0;border-radius:14px}
.typing i{width:7px;height:7px;border-radius:50%;background:#94a3b8;animation:b 1.2s infinite}
.typing i:nth-child(2){animation-delay:.16s}.typing i:nth-child(3){animation-delay:.32s}
@keyframes b{0%,80%,100%{transform:translateY(0)}40%{transform:translateY(-5px)}}
form.handoff{display:flex;flex-direction:column;gap:6px;margin-top:6px;padding:10px;border:1px solid #e2e8f0;border-radius:10px;background:#fff;font-size:13px;max-width:100%}
form.handoff .title{font-weight:600;margin:0}
form.handoff .field{display:flex;flex-direction:column;gap:2px}
form.handoff input[type=text],form.handoff input[type=email],form.handoff input[type=tel]{border:1px solid #cbd5e1;border-radius:8px;padding:6px 8px;font:inherit;min-width:0}
form.handoff .consent{display:flex;gap:6px;align-items:flex-start;font-size:12px;color:#475569}
form.handoff .primary{background:var(--brand);color:#fff;border-color:var(--brand)}
form.handoff .status{margin:0;font-size:12px;color:#334155}
form.input{display:flex;gap:8px;padding:10px;border-top:1px solid #e2e8f0}
form.input textarea{flex:1;resize:none;border:1px solid #cbd5e1;border-radius:10px;padding:8px 10px;font:inherit;max-height:96px}
form.input button{background:var(--brand);color:#fff;border:0;border-radius:10px;padding:0 14px;cursor:pointer;font:inherit}
form.input button:disabled{opacity:.5;cursor:default}`;
