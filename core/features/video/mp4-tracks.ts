/**
 * MP4 track flags after writing: ffmpeg's MP4 muxer turns on ("enables") the
 * first track of each kind when none is marked default, so a file with
 * burned subtitles would still have a soft track that players show over
 * them. This clears the enabled flag of every subtitle track in place (the
 * track stays in the file for a viewer to pick).
 */
import { open } from 'node:fs/promises';

interface Box {
  type: string;
  start: number;
  /** Where the children (or payload) begin. */
  body: number;
  end: number;
}

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = to - at;
    if (size < 8 || at + size > to) break;
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, body, end: at + size });
    at += size;
  }
  return out;
}

const SUBTITLE_HANDLERS = new Set(['sbtl', 'text', 'subt', 'clcp']);

/** Clears the enabled flag of subtitle tracks; returns how many it changed. */
export async function disableSubtitleTracks(file: string): Promise<number> {
  const fh = await open(file, 'r+');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= size) {
      await fh.read(head, 0, 16, at);
      let boxSize = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (boxSize === 1) boxSize = Number(head.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - at;
      if (boxSize < 8) return 0;
      if (type === 'moov') {
        const moov = Buffer.alloc(boxSize);
        await fh.read(moov, 0, boxSize, at);
        let changed = 0;
        for (const trak of boxes(moov, 8, moov.length).filter((b) => b.type === 'trak')) {
          const kids = boxes(moov, trak.body, trak.end);
          const tkhd = kids.find((b) => b.type === 'tkhd');
          const mdia = kids.find((b) => b.type === 'mdia');
          const hdlr = mdia && boxes(moov, mdia.body, mdia.end).find((b) => b.type === 'hdlr');
          if (!tkhd || !hdlr) continue;
          const handler = moov.toString('latin1', hdlr.body + 8, hdlr.body + 12);
          const flagsAt = tkhd.body + 3; // version (1 byte) then 24-bit flags: the low bit is "enabled"
          if (SUBTITLE_HANDLERS.has(handler) && (moov[flagsAt]! & 1)) {
            moov[flagsAt] = moov[flagsAt]! & ~1;
            await fh.write(moov, flagsAt, 1, at + flagsAt);
            changed++;
          }
        }
        return changed;
      }
      at += boxSize;
    }
    return 0;
  } finally {
    await fh.close();
  }
}
