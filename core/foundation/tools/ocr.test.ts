import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixtures } from '../../testing/fixtures';
import { meaningfulOcrText, ocrImage, ocrImages, usableOcrLanguages } from './ocr';
import type { ExtractedImage } from '../../formats/types';

test('tesseract reads English text in a PNG and Hebrew text in another', async () => {
  const en = await fixtures.png();
  assert.match(await ocrImage(en.path, ['eng']), /Smart thermostat display/);
  const he = await fixtures.hebrewPng();
  const text = await ocrImage(he.path, ['heb', 'eng']);
  assert.match(text, /חיישן תנועה/);
  assert.doesNotMatch(text, /[\u200e\u200f\u202a-\u202e]/, 'bidi marks are stripped');
});

test('languages that are not installed are reported, and eng is the fallback', async () => {
  const r = await usableOcrLanguages(['eng', 'heb', 'xyz']);
  assert.deepEqual(r.langs, ['eng', 'heb']);
  assert.deepEqual(r.missing, ['xyz']);
  assert.deepEqual((await usableOcrLanguages(['xyz'])).langs, ['eng']);
});

test('noise from pictures is dropped, words are kept', () => {
  assert.equal(meaningfulOcrText('| =~ ae\n—_ ,'), '');
  assert.equal(meaningfulOcrText('KNX gateway wiring\n~|~ ='), 'KNX gateway wiring');
  assert.equal(meaningfulOcrText('שער חכם'), 'שער חכם');
});

test('image OCR skips small images and sets ocrText on the readable ones within the budget', async () => {
  const png = await fixtures.png();
  const jpeg = await fixtures.jpeg();
  const images: ExtractedImage[] = [
    { path: png.path, ext: 'png', width: png.width, height: png.height, nearbyText: '' },
    { path: jpeg.path, ext: 'jpg', width: 90, height: 90, nearbyText: '' },
  ];
  const r = await ocrImages(images, ['eng'], { budgetMs: 30_000 });
  assert.equal(r.read, 1);
  assert.match(images[0]?.ocrText ?? '', /thermostat/);
  assert.equal(images[1]?.ocrText, undefined);
  const none = await ocrImages([{ ...images[0]!, ocrText: undefined }], ['eng'], { budgetMs: 0 });
  assert.equal(none.skippedForTime, 1);
});
