import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { CORPUS_MEDIA } from '../../testing/fixture-video';
import { clockTime, cueProblems, formatTimestamp, normaliseCues, parseTimestamp, parseVtt, writeVtt } from './vtt';

test('timestamps are written as hh:mm:ss.mmm and read back, with or without hours', () => {
  assert.equal(formatTimestamp(75.5), '00:01:15.500');
  assert.equal(formatTimestamp(3723.0456), '01:02:03.046');
  assert.equal(parseTimestamp('01:15.500'), 75.5);
  assert.equal(parseTimestamp('01:02:03.046'), 3723.046);
  assert.ok(Number.isNaN(parseTimestamp('1:75.000')));
  assert.ok(Number.isNaN(parseTimestamp('soon')));
});

test('written WebVTT parses back to the same cues, with times increasing and no overlaps', () => {
  const cues = [
    { id: '2', start: 4, end: 9, text: 'Second line runs into the third' },
    { id: '1', start: 0.5, end: 3.2, text: 'First --> line\n\nwith a blank line' },
    { id: '3', start: 8, end: 10, text: 'שלום עולם.' },
    { id: '4', start: 11, end: 11, text: '   ' },
  ];
  const text = writeVtt(cues, { language: 'en' });
  assert.match(text, /^WEBVTT\nLanguage: en\n\n1\n00:00:00.500 --> 00:00:03.200\nFirst -> line\nwith a blank line\n/);
  const back = parseVtt(text);
  assert.deepEqual(back.map((c) => c.id), ['1', '2', '3']);
  assert.deepEqual(cueProblems(back), []);
  assert.equal(back[1]!.end, 8, 'an overlapping cue ends where the next starts');
  assert.equal(back[2]!.text, 'שלום עולם.');
  assert.deepEqual(normaliseCues(back), back);
});

test('a real WebVTT file written by others (Sintel) parses, skipping its NOTE, with increasing times', async () => {
  const cues = parseVtt(await readFile(join(CORPUS_MEDIA, 'sintel-en.vtt'), 'utf8'));
  assert.ok(cues.length >= 3, String(cues.length));
  assert.equal(cues[1]!.text, 'This blade has a dark past.');
  assert.equal(cues[1]!.start, 18.7);
  assert.equal(cues[0]!.text, '[Test]', 'voice spans are stripped to their text');
  assert.deepEqual(cueProblems(cues), []);
});

test('text that is not WebVTT, or a cue with a bad timing, is refused with the line that is wrong', () => {
  assert.throws(() => parseVtt('1\n00:00:01,000 --> 00:00:02,000\nSRT\n'), (e: unknown) => e instanceof AppError && /first line must be "WEBVTT"/.test(e.message));
  assert.throws(() => parseVtt('WEBVTT\n\n1\n00:00:05.000 --> 00:00:02.000\nbackwards\n'), /line 4: .* is not a valid cue timing/);
  assert.throws(() => parseVtt('WEBVTT\n\njust text\nmore text\nand more\n'), /line 3: a cue needs a timing line/);
});

test('citation clock times read m:ss, and h:mm:ss past an hour', () => {
  assert.equal(clockTime(12.7), '0:12');
  assert.equal(clockTime(75), '1:15');
  assert.equal(clockTime(3675), '1:01:15');
});
