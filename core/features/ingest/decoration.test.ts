import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTextImage } from '../../testing/fixture-media';
import { markDecorations, type PlacedImage } from './decoration';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'decoration-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

const img = (path: string, page: number, extra: Partial<PlacedImage> = {}): PlacedImage =>
  ({ path, ext: 'jpg', page, width: 300, height: 120, nearbyText: '', ...extra });

test('the same logo saved again at another quality on three pages is one decorative image; distinct pictures of equal size stay', async () => {
  const a = await makeTextImage(join(dir, 'logo-a.jpg'), { lines: ['ACME'], width: 300, height: 120, fontSize: 60, quality: 2 });
  const b = await makeTextImage(join(dir, 'logo-b.jpg'), { lines: ['ACME'], width: 300, height: 120, fontSize: 60, quality: 12 });
  const c = join(dir, 'logo-c.jpg');
  await copyFile(a, c);
  const chart = await makeTextImage(join(dir, 'chart.jpg'), { lines: ['Q1 sales', 'Q2 sales'], width: 300, height: 120, fontSize: 30, shapes: true });
  const photo = await makeTextImage(join(dir, 'photo.jpg'), { lines: ['Showroom'], width: 300, height: 120, fontSize: 30, background: 'navy', color: 'white' });
  const out = await markDecorations([img(a, 1), img(chart, 1), img(b, 2), img(photo, 2), img(c, 3)], { placeCount: 3 });
  assert.equal(out.length, 3);
  const logo = out.find((i) => i.path === a)!;
  assert.equal(logo.decorative, true);
  assert.deepEqual(logo.places, [1, 2, 3]);
  assert.ok(!out.find((i) => i.path === chart)!.decorative);
  assert.ok(!out.find((i) => i.path === photo)!.decorative);
});

test('a picture on two of ten pages is content; one on every page of a two-page item is decoration', async () => {
  const p = await makeTextImage(join(dir, 'diagram.png'), { lines: ['Wiring'], width: 300, height: 120, shapes: true });
  const twice = await markDecorations([img(p, 1, { ext: 'png', places: [1, 4] })], { placeCount: 10 });
  assert.equal(twice[0]!.decorative, undefined);
  const both = await markDecorations([img(p, 1, { ext: 'png', places: [1, 2] })], { placeCount: 2 });
  assert.equal(both[0]!.decorative, true);
});
