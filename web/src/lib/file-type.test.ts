import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageFileName, sniffImageType } from './file-type';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

test('support images download with the extension of their data: PNG bytes are saved as .png, not image-8.jpg', () => {
  assert.equal(imageFileName('image-8', PNG, 'image/jpeg'), 'image-8.png', 'the bytes win over a wrong label');
  assert.equal(imageFileName('image-8.jpg', PNG, null), 'image-8.png');
  assert.equal(imageFileName('image-8', JPEG, 'image/jpeg'), 'image-8.jpg');
  assert.equal(imageFileName('image-8', new Uint8Array([1, 2, 3]), 'image/webp'), 'image-8.webp', 'unknown bytes: the MIME type');
  assert.equal(imageFileName('image-8', new Uint8Array([1, 2, 3]), null), 'image-8');
  assert.equal(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50])), 'image/webp');
});
