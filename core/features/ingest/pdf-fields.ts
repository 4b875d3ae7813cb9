/**
 * A PDF form's filled fields as "label: value" lines (issue 34.4): pdftotext prints a field's value where the
 * form draws it, without the label the form knows it by, so "test value" alone answers nothing. The label is the
 * field's tooltip (/TU, what a screen reader says), else its name when the name is words ("text field 1",
 * "customer_name" → "customer name"); a generated name ("Text294", "Check Box3", a GUID) labels nothing, and its
 * value stays as pdftotext read it. Read by pdf.js in the plain-node worker (pdf-text-worker.mjs --fields), only
 * for files whose catalog holds a form (pdfinfo "Form: AcroForm").
 */
import { fileURLToPath } from 'node:url';
import { runTool } from '../../foundation/tools/exec';

const WORKER = fileURLToPath(new URL('./pdf-text-worker.mjs', import.meta.url));

export interface FormField {
  name: string;
  tooltip: string;
  value: string;
  kind: string;
}

/** A name a program made up, not a label: "Text294", "Check Box3", "Button1", "untitled", a GUID or hex id. */
const GENERATED = /^(?:text|field|check\s?box|button|combo\s?box|list\s?box|radio(?:\s?button)?|signature|dropdown|untitled|undefined|fill|textfield|form)[\s_.-]*\d*$|^[{(]?[0-9a-f]{8}-[0-9a-f-]{27,}[})]?$|^[0-9a-z]{10,}$/iu;

/** The words a field is known by (tooltip, else a name made of words), or null. */
export function fieldLabel(f: Pick<FormField, 'name' | 'tooltip'>): string | null {
  const tooltip = f.tooltip.replace(/\s+/g, ' ').trim();
  if (tooltip && !GENERATED.test(tooltip)) return tooltip.replace(/[:：]\s*$/u, '');
  // A hierarchical name's last part ("form1.customer.name" → "name" is too little: the last two).
  const name = f.name.split('.').filter(Boolean).slice(-1)[0]?.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim() ?? '';
  if (!name || GENERATED.test(name) || !/\p{L}{3}/u.test(name)) return null;
  return name;
}

/** The "label: value" lines of a page's fields (fields without a label left out). */
export function fieldLines(fields: FormField[]): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const label = fieldLabel(f);
    if (label && f.value && label.toLowerCase() !== f.value.toLowerCase()) out.push(`${label}: ${f.value}`);
  }
  return out;
}

/** The "label: value" lines of each page of the file's form; empty when it has none or it cannot be read. */
export async function readFormFieldLines(file: string, signal: AbortSignal): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const info = await runTool('pdfinfo', [file], { signal, timeoutMs: 30_000, allowFailure: true, inputFile: file }).catch(() => undefined);
  if (!/^Form:\s+(?:AcroForm|XFA)/m.test(info?.stdout.toString('utf8') ?? '')) return out;
  await runTool(process.execPath, [WORKER, file, '--fields'], {
    signal, timeoutMs: 120_000, inputFile: file, allowFailure: true, maxStderrBytes: 16 * 1024,
    onLine: (line) => {
      if (!line.trim()) return;
      const ev = JSON.parse(line) as { type: string; num?: number; fields?: FormField[] };
      if (ev.type === 'fields' && ev.num) {
        const lines = fieldLines(ev.fields ?? []);
        if (lines.length) out.set(ev.num, lines);
      }
    },
  }).catch((e: unknown) => {
    if ((e as Error).name === 'AbortError') throw e;
  });
  return out;
}
