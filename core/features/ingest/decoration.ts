/**
 * Pictures repeated across pages or slides are decoration: a logo in a
 * page header, a background, a footer badge. Same bytes, or near-same (the
 * same logo saved again: equal size and a difference hash within a few
 * bits), shown on 3 or more places, or on every place of a short item.
 * They are kept once, flagged `decorative`, and never offered as the source
 * image of an answer.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { mapLimit, runTool } from '../../foundation/tools/exec';
import type { ExtractedImage } from '../../formats/types';

export interface PlacedImage extends ExtractedImage {
  /** Every page or slide showing this picture (the first is `page`/`slide`). */
  places?: number[];
}

export interface DecorationOptions {
  /** Pages or slides in the item: a picture on all of them (2+) is decoration too. */
  placeCount: number;
  /** Places from which on a repeated picture is decoration. Default 3. */
  minRepeats?: number;
  /** Near-same check: at most this many hamming bits apart (of 64). Default 5. */
  maxHashDistance?: number;
  signal?: AbortSignal;
}

const placesOf = (img: PlacedImage) => img.places ?? [img.page ?? img.slide ?? 0].filter((n) => n > 0);

/** 64-bit difference hash of an image (ffmpeg: 9x8 grey), or null if it cannot be decoded. */
async function differenceHash(path: string, signal?: AbortSignal): Promise<bigint | null> {
  const r = await runTool('ffmpeg', ['-v', 'error', '-i', path, '-frames:v', '1', '-vf', 'scale=9:8:flags=area,format=gray', '-f', 'rawvideo', '-'], {
    signal, timeoutMs: 20_000, allowFailure: true, maxStdoutBytes: 1024,
  }).catch(() => null);
  const px = r?.stdout;
  if (!r || r.exitCode !== 0 || !px || px.length < 72) return null;
  let h = 0n;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) h = (h << 1n) | (px[y * 9 + x]! > px[y * 9 + x + 1]! ? 1n : 0n);
  return h;
}

const bits = (x: bigint) => { let n = 0; for (let v = x; v; v &= v - 1n) n++; return n; };

/**
 * Merges repeated pictures into one entry each (deleting the extra files),
 * with the union of their places, and flags the repeated ones decorative.
 * Keeps the order of first appearance.
 */
export async function markDecorations(images: PlacedImage[], opts: DecorationOptions): Promise<PlacedImage[]> {
  const minRepeats = opts.minRepeats ?? 3;
  const maxDistance = opts.maxHashDistance ?? 5;
  const kept: PlacedImage[] = [];
  const byHash = new Map<string, PlacedImage>();
  const merge = async (into: PlacedImage, dup: PlacedImage) => {
    into.places = [...new Set([...placesOf(into), ...placesOf(dup)])].sort((a, b) => a - b);
    if (dup.path !== into.path) await rm(dup.path, { force: true });
  };
  for (const img of images) {
    const hash = createHash('sha1').update(await readFile(img.path)).digest('hex');
    const first = byHash.get(hash);
    if (first) { await merge(first, img); continue; }
    byHash.set(hash, img);
    img.places = placesOf(img);
    kept.push(img);
  }

  // Near-same: pictures of equal size whose difference hashes are within a few bits.
  const bySize = new Map<string, PlacedImage[]>();
  for (const img of kept) {
    if (!img.width || !img.height) continue;
    const k = `${img.width}x${img.height}`;
    bySize.set(k, [...(bySize.get(k) ?? []), img]);
  }
  const candidates = [...bySize.values()].filter((g) => g.length >= 2).flat().slice(0, 200);
  const hashes = new Map<PlacedImage, bigint | null>();
  await mapLimit(candidates, 2, async (img) => { hashes.set(img, await differenceHash(img.path, opts.signal)); });
  // Near-same pictures on different places are merged only when together they repeat enough to be
  // decoration: two similar but distinct diagrams stay two pictures.
  const dropped = new Set<PlacedImage>();
  for (const group of bySize.values()) {
    for (let i = 0; i < group.length; i++) {
      const a = group[i]!;
      const ha = hashes.get(a);
      if (ha == null || dropped.has(a)) continue;
      const twins = group.slice(i + 1).filter((b) => {
        const hb = hashes.get(b);
        return hb != null && !dropped.has(b) && bits(ha ^ hb) <= maxDistance && !placesOf(b).some((p) => placesOf(a).includes(p));
      });
      const places = new Set([...placesOf(a), ...twins.flatMap(placesOf)]);
      if (twins.length === 0 || !(places.size >= minRepeats || (places.size >= 2 && places.size >= opts.placeCount))) continue;
      for (const b of twins) { await merge(a, b); dropped.add(b); }
    }
  }
  const out = kept.filter((img) => !dropped.has(img));
  for (const img of out) {
    const n = img.places?.length ?? 0;
    if (n >= minRepeats || (n >= 2 && n >= opts.placeCount)) img.decorative = true;
  }
  return out;
}
