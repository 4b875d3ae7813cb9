import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitCues, fitSegments, wrapLines } from './cue-fit';
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
