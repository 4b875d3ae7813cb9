import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitCues, fitSegments, wrapLines } from './cue-fit';
import { groupWords } from './speech/segments';
import { parseVtt, writeSrt, writeVtt } from './vtt';

const fits = (text: string) => wrapLines(text).length <= 2 && wrapLines(text).every((l) => l.length <= 42);

test('a long endpoint segment becomes cues of at most two lines of 42 characters, cut at sentence ends first, times from its words', () => {
  const text = 'Hold the pairing button for five seconds until the light blinks twice. Then press up on the remote control and wait for the motor to answer.';
  const words = text.split(' ').map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 }));
  const cues = fitSegments([{ start: 0, end: 13, text, words }]);
  assert.ok(cues.every((c) => fits(c.text)), JSON.stringify(cues.map((c) => c.text)));
  assert.equal(cues.map((c) => c.text).join(' '), text);
  assert.equal(cues[0]!.text, 'Hold the pairing button for five seconds until the light blinks twice.');
  assert.equal(cues[0]!.end, words[11]!.end, 'the first cue ends with its last word');
  assert.equal(cues[1]!.start, words[12]!.start, 'the next starts with its first word');
});

test('without word times the segment time is shared by characters; no cue is a lone word', () => {
  const cues = fitSegments([{ start: 10, end: 20, text: 'Los pares de motor con el control remoto cuándo aguantas el botón para cinco segundos.' }]);
  assert.equal(cues.length, 2);
  assert.ok(cues.every((c) => c.text.split(' ').length > 3), JSON.stringify(cues));
  assert.equal(cues[0]!.start, 10);
  assert.ok(Math.abs(cues[1]!.end - 20) < 0.01);
  assert.ok(cues[0]!.end <= cues[1]!.start + 0.001);
  assert.deepEqual(fitCues([{ id: '7', start: 0, end: 2, text: 'Short.' }]), [{ id: '7', start: 0, end: 2, text: 'Short.' }]);
  assert.deepEqual(fitCues([{ id: '4', start: 10, end: 20, text: cues.map((c) => c.text).join(' ') }]).map((c) => c.id), ['4.1', '4.2']);
});

test('WebVTT and SRT wrap a cue into two balanced lines; WebVTT names its language in BCP 47', () => {
  const cue = { id: '1', start: 1, end: 3.5, text: 'The motor pairs with the remote control when you hold it.' };
  const vtt = writeVtt([cue], { language: 'spanish' });
  assert.match(vtt, /^WEBVTT\nLanguage: es\n/);
  assert.deepEqual(parseVtt(vtt)[0]!.text.split('\n'), ['The motor pairs with the remote', 'control when you hold it.']);
  assert.equal(writeSrt([cue]), '1\n00:00:01,000 --> 00:00:03,500\nThe motor pairs with the remote\ncontrol when you hold it.\n');
});

test('timed words are cut at the pause between two speakers, not where the cue grew too long: at most two lines of 42 characters and 7 s a cue', () => {
  // Speaker one talks 4.5 s, stops 0.4 s; speaker two answers for 4 s: 9 s, 92 characters, no sentence marks (pocketsphinx gives none).
  const one = 'well i only had one at the shop and he owes me that'.split(' ');
  const two = 'i think that i did not know where it was'.split(' ');
  const words = [
    ...one.map((word, i) => ({ word, start: 0.2 + i * 0.35, end: 0.2 + i * 0.35 + 0.3 })),
    ...two.map((word, i) => ({ word, start: 5.1 + i * 0.4, end: 5.1 + i * 0.4 + 0.35 })),
  ];
  const cues = fitSegments([{ start: words[0]!.start, end: words.at(-1)!.end, text: words.map((w) => w.word).join(' '), words }]);
  assert.deepEqual(cues.map((c) => c.text), [one.join(' '), two.join(' ')], 'cut where the first speaker stops');
  assert.ok(cues.every((c) => fits(c.text) && c.end - c.start <= 7), JSON.stringify(cues));
  // The grouping of a recognizer's words cuts a segment that grows too long at its longest pause too.
  const segs = groupWords(words.map((w) => ({ ...w, confidence: 0.9 })), { maxSec: 6 });
  assert.deepEqual(segs.map((s) => s.text), [one.join(' '), two.join(' ')]);
});

test('a long timed monologue without pauses is cut into even cues of at most 7 s', () => {
  const words = Array.from({ length: 40 }, (_, i) => ({ word: `w${i}`, start: i * 0.45, end: i * 0.45 + 0.45 }));
  const cues = fitSegments([{ start: 0, end: 18, text: words.map((w) => w.word).join(' '), words }]);
  assert.equal(cues.map((c) => c.text).join(' '), words.map((w) => w.word).join(' '));
  assert.ok(cues.every((c) => fits(c.text) && c.end - c.start <= 7), JSON.stringify(cues));
  assert.ok(cues.every((c) => c.text.split(' ').length >= 8), 'no orphan words');
});
