/**
 * Hostile inputs for hardening tests and the bench, generated here (never
 * committed as binaries): a "PDF bomb" whose few hundred KB inflate into a
 * content stream of hundreds of MB of drawing operators, and Office files
 * that reference external resources (http images, INCLUDEPICTURE fields,
 * remote templates) to check that no converter opens a connection.
 */
import { createDeflate } from 'node:zlib';

/**
 * A one-page PDF whose content stream inflates to one text string of about
 * `inflatedMb` MB: readers that build the string in memory need many times that.
 */
export async function buildPdfBomb(inflatedMb = 300): Promise<Buffer> {
  const unit = Buffer.alloc(1024 * 1024, 'A');
  const deflate = createDeflate({ level: 9, memLevel: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const ended = new Promise<void>((resolve, reject) => { deflate.on('end', resolve); deflate.on('error', reject); });
  deflate.write('BT /F1 12 Tf 72 712 Td (');
  for (let i = 0; i < inflatedMb; i++) {
    if (!deflate.write(unit)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end(') Tj ET\n');
  await ended;
  const stream = Buffer.concat(parts);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(obj);
    offset += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}
