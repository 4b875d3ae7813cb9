/**
 * Translated videos on a generated clip and a real recording (Tears of
 * Steel, made into MP4): soft subtitles tagged with their language, burned
 * subtitles that change the picture (right to left for Hebrew), and a dubbed
 * track tagged with its language with the original sound kept.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runTool } from '../../foundation/tools/exec';
import { videoFixtures } from '../../testing/fixture-video';
import { parseSilence } from './audio';
import { inspectVideo } from './probe';
import { cueTranslator, type TranslateSegments } from './translate-cues';
import { translateVideo } from './translate-video';
import { cueProblems, parseVtt, type Cue } from './vtt';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'translate-video-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

/** English to Spanish with Apertium (installed by setup), one line per segment. */
const apertium: TranslateSegments = async ({ segments }) => {
  const r = await runTool('sh', ['-c', 'printf "%s" "$0" | apertium -u eng-spa', segments.map((s) => s.text.replace(/\n/g, ' ')).join('\n')], { timeoutMs: 60_000 });
  const lines = r.stdout.toString('utf8').split('\n');
  return new Map(segments.map((s, i) => [s.id, (lines[i] ?? '').replace(/\s+/g, ' ').trim()]));
};
/** A fixed Hebrew rendering (the part under test is the burning, not the translating). */
const hebrew: TranslateSegments = async ({ segments }) => new Map(segments.map((s) => [s.id, 'שלום עולם, זה מבחן.']));

async function streams(file: string): Promise<Array<{ index: number; codec_type: string; codec_name: string; tags?: { language?: string; handler_name?: string }; disposition?: { default?: number } }>> {
  const r = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file]);
  return JSON.parse(r.stdout.toString('utf8')).streams;
}

/** One frame as 8-bit grey pixels. */
async function grey(file: string, at: number, w = 640, h = 360): Promise<Buffer> {
  const r = await runTool('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', `scale=${w}:${h}`, '-f', 'rawvideo', '-pix_fmt', 'gray', '-']);
  assert.equal(r.stdout.length, w * h);
  return r.stdout;
}
const meanDiff = (a: Buffer, b: Buffer, y0: number, y1: number, w = 640) => {
  let sum = 0;
  for (let i = y0 * w; i < y1 * w; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / ((y1 - y0) * w);
};

test('soft subtitles: a Spanish mov_text track tagged "spa" (default) and the English original tagged "eng"; picture and sound copied', async () => {
  const clip = await videoFixtures.speech();
  const { info } = await inspectVideo(clip.path, 'clip');
  const cues: Cue[] = clip.sentences.map((text, i) => ({ id: String(i + 1), start: clip.spans[i]!.start, end: clip.spans[i]!.end, text }));
  const out = join(dir, 'soft.mp4');
  const r = await translateVideo({ input: clip.path, info, cues, source: 'english', target: 'spanish', translateCues: cueTranslator(apertium), subtitles: 'soft', dub: false, workDir: dir, out });
  assert.match(r.cues[1]!.text, /motor/i);
  assert.notEqual(r.cues[1]!.text, cues[1]!.text, 'the text was translated');
  const s = await streams(out);
  assert.deepEqual(s.map((x) => `${x.codec_type}:${x.codec_name}:${x.tags?.language ?? '-'}:${x.disposition?.default ?? 0}`),
    ['video:h264:und:1', 'audio:aac:eng:1', 'subtitle:mov_text:spa:1', 'subtitle:mov_text:eng:0']);
  // The subtitle track inside the MP4 reads back as the translated cues, times increasing.
  const back = await runTool('ffmpeg', ['-v', 'error', '-i', out, '-map', '0:s:0', '-f', 'webvtt', '-']);
  const inside = parseVtt(back.stdout.toString('utf8'));
  assert.deepEqual(cueProblems(inside), []);
  assert.deepEqual(inside.map((c) => c.text.replace(/\n/g, ' ')), r.cues.map((c) => c.text));
  // Every cue is at most two lines of at most 42 characters.
  assert.ok(inside.every((c) => c.text.split('\n').length <= 2 && c.text.split('\n').every((l) => l.length <= 42)), JSON.stringify(inside.map((c) => c.text)));
  assert.ok(inside.every((c, i) => Math.abs(c.start - r.cues[i]!.start) < 0.01));
  const before = await runTool('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets,bit_rate', '-of', 'csv=p=0', clip.path]);
  const after = await runTool('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets,bit_rate', '-of', 'csv=p=0', out]);
  assert.equal(after.stdout.toString(), before.stdout.toString(), 'the picture is copied, not re-encoded');
});

test('burned Hebrew subtitles change the picture only where the subtitle is, laid out right to left (the full stop on the left)', async () => {
  const clip = await videoFixtures.speech();
  const { info } = await inspectVideo(clip.path, 'clip');
  const cues: Cue[] = [{ id: '1', start: 1, end: 4, text: 'Hello world, this is a test.' }];
  const out = join(dir, 'burned.mp4');
  await translateVideo({ input: clip.path, info, cues, source: 'english', target: 'hebrew', translateCues: cueTranslator(hebrew), subtitles: 'burned', dub: false, workDir: dir, out });
  const a = await grey(clip.path, 2.5);
  const b = await grey(out, 2.5);
  const bottom = meanDiff(a, b, 300, 360);
  const top = meanDiff(a, b, 0, 240);
  console.log(`burned frame at 2.5 s: mean grey difference ${bottom.toFixed(1)} in the subtitle band, ${top.toFixed(1)} above it`);
  assert.ok(bottom > 3, `subtitle band differs by ${bottom}`);
  assert.ok(top < bottom / 4, `the rest of the picture stays (diff ${top})`);
  const later = meanDiff(await grey(clip.path, 6), await grey(out, 6), 300, 360);
  assert.ok(later < bottom / 4, `no subtitle after the cue ends (diff ${later})`);
  // Right to left: the leftmost ink of the subtitle line is the full stop, a short mark at the baseline, not a tall letter.
  const ink = (x: number, y: number) => b[y * 640 + x]! > 235;
  let left = -1;
  for (let x = 0; x < 640 && left < 0; x++) for (let y = 300; y < 360; y++) if (ink(x, y)) { left = x; break; }
  assert.ok(left >= 0, 'there is white text in the subtitle band');
  const rows = new Set<number>();
  for (let x = left; x < left + 4; x++) for (let y = 300; y < 360; y++) if (ink(x, y)) rows.add(y);
  const height = Math.max(...rows) - Math.min(...rows) + 1;
  assert.ok(height <= 6, `the leftmost mark is ${height} px tall: a letter, so the line was laid out left to right`);
});

test('a dubbed Spanish track on a real recording is the default, tagged "spa", speaks from the first cue, and the original sound is kept second', async () => {
  const tears = await videoFixtures.tearsOfSteel(8);
  if (!tears) return assert.fail('the corpus recording tears-of-steel-battle-clip-medium.webm is missing');
  const { info } = await inspectVideo(tears, 'tears');
  const cues: Cue[] = [
    { id: '1', start: 1.5, end: 4, text: 'The motor pairs with the remote control.' },
    { id: '2', start: 4.5, end: 7.5, text: 'Hold the button for five seconds.' },
  ];
  const out = join(dir, 'dubbed.mp4');
  const r = await translateVideo({ input: tears, info, cues, source: 'english', target: 'spanish', translateCues: cueTranslator(apertium), subtitles: 'soft', dub: true, workDir: dir, out });
  const s = await streams(out);
  const audio = s.filter((x) => x.codec_type === 'audio');
  assert.deepEqual(audio.map((x) => [x.tags?.language, x.tags?.handler_name, x.disposition?.default]), [['spa', 'Dubbed (spanish, synthetic voice)', 1], ['eng', 'Original sound', 0]]);
  assert.deepEqual(s.filter((x) => x.codec_type === 'subtitle').map((x) => `${x.tags?.language} ${x.tags?.handler_name}`), ['spa Subtitles (spanish)', 'eng Original subtitles (english)']);
  const dub = await runTool('ffmpeg', ['-hide_banner', '-nostats', '-i', out, '-map', '0:a:0', '-af', 'silencedetect=noise=-45dB:d=0.3,volumedetect', '-f', 'null', '-']);
  const report = parseSilence(dub.stderr, 8);
  assert.equal(report.silent, false);
  const firstSound = report.silences[0]?.[0] === 0 ? report.silences[0][1] : 0;
  console.log(`dubbed track: speech from ${firstSound.toFixed(2)} s (first cue at 1.5 s), ${report.soundSec.toFixed(1)} s of sound; dub took ${Math.round(r.timings.dubMs)} ms`);
  assert.ok(Math.abs(firstSound - 1.5) < 0.3, `the dubbed voice starts at ${firstSound} s`);
});

test('burned subtitles on a portrait video stay inside the bottom 20 % and the frame width; the soft tracks are then not default', async () => {
  const portrait = await videoFixtures.portrait();
  const { info } = await inspectVideo(portrait, 'portrait');
  assert.deepEqual([info.width, info.height], [360, 640]);
  const long = 'The motor pairs with the remote control when you hold the button for five seconds, then the light blinks twice.';
  const cues: Cue[] = [{ id: '1', start: 1, end: 6, text: long }];
  const out = join(dir, 'portrait-burned.mp4');
  const same: TranslateSegments = async ({ segments }) => new Map(segments.map((s) => [s.id, s.text]));
  const r = await translateVideo({ input: portrait, info, cues, source: 'english', target: 'spanish', translateCues: cueTranslator(same), subtitles: 'burned', dub: false, workDir: dir, out });
  const a = await grey(portrait, 2.5, 360, 640);
  const b = await grey(out, 2.5, 360, 640);
  const rows: number[] = [];
  const cols: number[] = [];
  for (let y = 0; y < 640; y++) for (let x = 0; x < 360; x++) if (b[y * 360 + x]! > 200 && a[y * 360 + x]! < 120) { rows.push(y); cols.push(x); }
  assert.ok(rows.length > 100, `subtitle pixels found: ${rows.length}`);
  const top = Math.min(...rows);
  console.log(`portrait burned subtitles: rows ${top}-${Math.max(...rows)} of 640 (${(100 * (640 - top) / 640).toFixed(1)} % of the height), columns ${Math.min(...cols)}-${Math.max(...cols)} of 360, ${r.cues.length} cue(s)`);
  assert.ok(top >= 640 * 0.8, `the subtitles start at row ${top}, above the bottom 20 % (row 512)`);
  assert.ok(Math.min(...cols) > 0 && Math.max(...cols) < 359, 'the lines fit the width');
  const subs = (await streams(out)).filter((x) => x.codec_type === 'subtitle');
  assert.deepEqual(subs.map((x) => x.disposition?.default ?? 0), [0, 0], 'no soft track is default when the subtitles are burned in');
});
