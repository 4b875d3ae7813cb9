/**
 * A small PDF whose one page shows a 20000 x 20000 CMYK image of zeros,
 * Flate-compressed to about 1.6 MB: an image extractor writes it out as
 * 1.6 GB. Cached in the temp folder.
 */
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDeflate } from 'node:zlib';

export async function diskBombPdf(side = 20_000): Promise<string> {
  const file = path.join(os.tmpdir(), `cms-bench-disk-bomb-${side}.pdf`);
  if (existsSync(file)) return file;
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('data', (b: Buffer) => compressed.push(b));
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const zeros = Buffer.alloc(16 << 20);
  let left = side * side * 4;
  while (left > 0) {
    const n = Math.min(left, zeros.length);
    if (!deflate.write(n === zeros.length ? zeros : zeros.subarray(0, n))) await new Promise((r) => deflate.once('drain', r));
    left -= n;
  }
  deflate.end();
  await done;
  const data = Buffer.concat(compressed);
  const length = data.length;
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0].length;
  const add = (b: Buffer) => { parts.push(b); at += b.length; };
  const obj = (n: number, body: string) => { offsets[n] = at; add(Buffer.from(`${n} 0 obj\n${body}\nendobj\n`, 'latin1')); };
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>');
  const content = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
  obj(4, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  offsets[5] = at;
  add(Buffer.from(`5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /FlateDecode /Length ${length} >>\nstream\n`, 'latin1'));
  const streamAt = at;
  at += length;
  const tail: Buffer[] = [Buffer.from('\nendstream\nendobj\n', 'latin1')];
  at += tail[0].length;
  const xrefAt = at;
  let xref = `xref\n0 6\n0000000000 65535 f \n`;
  for (let n = 1; n <= 5; n++) xref += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  tail.push(Buffer.from(`${xref}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, Buffer.concat([...parts, data, ...tail]));
  if (statSync(tmp).size !== streamAt + length + tail.reduce((s, t) => s + t.length, 0)) throw new Error('disk bomb PDF size mismatch');
  renameSync(tmp, file);
  return file;
}
