/**
 * A minimal PDF writer for test fixtures: text pages (Helvetica, ASCII),
 * full-page JPEG pages with no text layer (like a scan), and optional
 * RC4 40-bit password encryption (Standard security handler, revision 2).
 * Produces a real xref table, so pdf.js and poppler read it without repair.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

export interface PdfPage {
  /** Lines of ASCII text, drawn top-down. */
  lines?: string[];
  /**
   * Lines written byte for byte (latin1, only \\ ( ) escaped): control
   * bytes stay, like a font that stores its spaces as control codes.
   */
  rawLines?: string[];
  /** Draw the text invisibly (render mode 3), as OCR layers over scans are. */
  invisibleText?: boolean;
  fontSize?: number;
  /** A baseline JPEG drawn over the whole page. */
  jpeg?: { data: Buffer; width: number; height: number };
  /** A baseline JPEG drawn in a box (points from the bottom left), e.g. a header logo. */
  picture?: { data: Buffer; width: number; height: number; x: number; y: number; w: number; h: number };
}

export interface PdfWriteOptions {
  /** Page size in points; default A4 (595 x 842). */
  width?: number;
  height?: number;
  /** Encrypts the file; opening it needs `userPassword`. */
  encrypt?: { userPassword: string; ownerPassword: string };
  title?: string;
}

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const pad = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PAD]).subarray(0, 32);

interface Security { key: Buffer; dict: string }

function makeSecurity(user: string, owner: string, id0: Buffer): Security {
  const P = -4; // all permissions; reserved bits set
  const O = rc4(md5(pad(owner)).subarray(0, 5), pad(user));
  const p = Buffer.alloc(4);
  p.writeInt32LE(P);
  const key = md5(pad(user), O, p, id0).subarray(0, 5);
  const U = rc4(key, PAD);
  return { key, dict: `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${O.toString('hex')}> /U <${U.toString('hex')}> /P ${P} >>` };
}

function objectKey(sec: Security, num: number): Buffer {
  const n = Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0]);
  return md5(sec.key, n).subarray(0, 10);
}

const escapeText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

export function buildPdf(pages: PdfPage[], opts: PdfWriteOptions = {}): Buffer {
  const W = opts.width ?? 595;
  const H = opts.height ?? 842;
  const id0 = md5(Buffer.from(`${pages.length}:${opts.title ?? ''}:${JSON.stringify(pages.map((p) => p.lines?.[0] ?? ''))}`));
  const sec = opts.encrypt ? makeSecurity(opts.encrypt.userPassword, opts.encrypt.ownerPassword, id0) : undefined;

  // Object numbers: 1 catalog, 2 pages, 3 font, 4 info, then 4 per page (page, content, image, picture).
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (b: Buffer | string) => { const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b; chunks.push(buf); size += buf.length; };
  const obj = (num: number, dict: string, stream?: Buffer) => {
    offsets[num] = size;
    if (stream === undefined) { push(`${num} 0 obj\n${dict}\nendobj\n`); return; }
    const data = sec ? rc4(objectKey(sec, num), stream) : stream;
    push(`${num} 0 obj\n${dict.replace(/>>$/, `/Length ${data.length} >>`)}\nstream\n`);
    push(data);
    push('\nendstream\nendobj\n');
  };
  const str = (num: number, s: string) => sec ? `<${rc4(objectKey(sec, num), Buffer.from(s, 'latin1')).toString('hex')}>` : `(${escapeText(s)})`;

  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const first = 5;
  const kids = pages.map((_, i) => `${first + i * 4} 0 R`).join(' ');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  obj(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  obj(4, `<< /Title ${str(4, opts.title ?? 'Test document')} /Producer ${str(4, 'cms test fixtures')} >>`);
  pages.forEach((page, i) => {
    const n = first + i * 4;
    const fontSize = page.fontSize ?? 11;
    let content = '';
    if (page.jpeg) content += `q ${W} 0 0 ${H} 0 0 cm /Im1 Do Q\n`;
    const pic = page.picture;
    if (pic) content += `q ${pic.w} 0 0 ${pic.h} ${pic.x} ${pic.y} cm /Im2 Do Q\n`;
    const texts = [...(page.lines ?? []).map((l) => `(${escapeText(l)})`), ...(page.rawLines ?? []).map((l) => `(${l.replace(/[\\()]/g, (c) => `\\${c}`)})`)];
    if (texts.length) {
      content += `BT ${page.invisibleText ? '3 Tr ' : ''}/F1 ${fontSize} Tf ${Math.round(fontSize * 1.35)} TL 56 ${H - 64} Td\n`;
      content += texts.map((t) => `${t} Tj T*`).join('\n');
      content += '\nET\n';
    }
    const xobjs = [page.jpeg ? `/Im1 ${n + 2} 0 R` : '', pic ? `/Im2 ${n + 3} 0 R` : ''].filter(Boolean).join(' ');
    const xobj = xobjs ? ` /XObject << ${xobjs} >>` : '';
    obj(n, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 3 0 R >>${xobj} >> /Contents ${n + 1} 0 R >>`);
    obj(n + 1, '<< /Filter /FlateDecode >>', zlib.deflateSync(Buffer.from(content, 'latin1')));
    if (page.jpeg) {
      obj(n + 2, `<< /Type /XObject /Subtype /Image /Width ${page.jpeg.width} /Height ${page.jpeg.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode >>`, page.jpeg.data);
    } else {
      obj(n + 2, '<< >>'); // placeholder keeps numbering regular
    }
    if (pic) {
      obj(n + 3, `<< /Type /XObject /Subtype /Image /Width ${pic.width} /Height ${pic.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode >>`, pic.data);
    } else {
      obj(n + 3, '<< >>');
    }
  });
  const encNum = first + pages.length * 4;
  if (sec) obj(encNum, sec.dict);
  const count = encNum + (sec ? 1 : 0);
  const xrefAt = size;
  let xref = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let i = 1; i < count; i++) xref += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`;
  push(xref);
  const id = `<${id0.toString('hex')}>`;
  push(`trailer\n<< /Size ${count} /Root 1 0 R /Info 4 0 R /ID [${id} ${id}]${sec ? ` /Encrypt ${encNum} 0 R` : ''} >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
