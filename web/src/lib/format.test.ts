import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extensionOf, formatBytes, formatDate, formatMB, isRtlText, sortById, stripExtension } from './format';

test('sizes step by 1024 with at most two decimals, and zero is "0 Bytes"', () => {
  assert.equal(formatBytes(0), '0 Bytes');
  assert.equal(formatBytes(512), '512 Bytes');
  assert.equal(formatBytes(1024), '1 KB');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(1024 * 1024 * 3.14159), '3.14 MB');
  assert.equal(formatBytes(1024 ** 3 * 2), '2 GB');
  assert.equal(formatBytes(1024 ** 4), '1024 GB');
});

test('lists show MB with two decimals', () => {
  assert.equal(formatMB(0), '0.00 MB');
  assert.equal(formatMB(1024 * 1024 * 1.5), '1.50 MB');
});

test('dates use the US English short form', () => {
  assert.equal(formatDate('2025-03-07T12:00:00Z'), 'Mar 7, 2025');
  assert.equal(formatDate(null), '');
  assert.equal(formatDate('not a date'), 'not a date');
});

test('lists are sorted by id ascending without touching the input', () => {
  const input = [{ id: 10 }, { id: 2 }, { id: 33 }];
  assert.deepEqual(sortById(input).map((x) => x.id), [2, 10, 33]);
  assert.deepEqual(input.map((x) => x.id), [10, 2, 33]);
  assert.deepEqual(sortById(undefined), []);
});

test('Hebrew and Arabic text is detected as right-to-left', () => {
  assert.equal(isRtlText('שלום'), true);
  assert.equal(isRtlText('مرحبا'), true);
  assert.equal(isRtlText('Bonjour, ça va ?'), false);
});

test('file names split into base and extension', () => {
  assert.equal(stripExtension('demo.final.mp4'), 'demo.final');
  assert.equal(stripExtension('.hidden'), '.hidden');
  assert.equal(extensionOf('images/documents/3/p1-1.PNG'), 'png');
  assert.equal(extensionOf('folder.v2/README'), '');
});
