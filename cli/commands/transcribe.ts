import { Command } from 'commander';
import type { Video } from '../../core/foundation/types';
import { withConnection, type Connection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseId, usageError } from '../usage';

interface TranscribeOptions {
  language?: string;
  provider?: string;
  wait: boolean;
}

const describe = (v: Video) => {
  const t = v.transcript;
  if (!t) return `video ${v.id}: ${v.status}`;
  if (t.state === 'completed') return `video ${v.id}: transcribed (${t.language}, ${t.provider}${t.approximate ? ', approximate times' : ''}): ${t.segmentCount} cues, ${t.vttPath}`;
  if (t.state === 'none') return `video ${v.id}: no transcript: ${t.note}`;
  if (t.state === 'failed') return `video ${v.id}: transcription failed: ${t.error}`;
  return `video ${v.id}: ${v.status}${v.step ? ` (${v.step})` : ''}`;
};

export function transcribeCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('transcribe')
      .description('transcribe a video again: replaces its transcript, re-indexes it and makes its translated subtitles again')
      .argument('<id>', 'id of a video (as `cms ls` shows)')
      .option('--language <language>', 'the language spoken (e.g. he or hebrew); unset keeps the video\'s, or lets the endpoint detect it')
      .option('--provider <provider>', 'endpoint (STT_URL) or offline (pocketsphinx, English)')
      .option('--no-wait', 'queue the transcription and return without waiting for it'),
  )
    .addHelpText('after', '\nExamples:\n  cms transcribe 21\n  cms transcribe 21 --language he --provider endpoint --json')
    .action(async (rawId: string, options: TranscribeOptions) => {
      const id = parseId(rawId);
      if (options.provider !== undefined && options.provider !== 'endpoint' && options.provider !== 'offline') throw usageError('--provider must be endpoint or offline');
      ctx.exitCode = await withConnection(ctx, { worker: options.wait }, (conn) => transcribe(ctx, conn, id, options));
    });
}

async function transcribe(ctx: CliContext, conn: Connection, id: number, o: TranscribeOptions): Promise<number> {
  const { logger, signal } = ctx;
  let video = await conn.product.transcribe(id, { language: o.language ?? null, provider: (o.provider as 'endpoint' | 'offline' | undefined) ?? null });
  if (logger.mode !== 'json') logger.line(`video ${id} ("${video.label}"): transcription queued`);
  let last = '';
  while (o.wait && !signal.aborted) {
    video = await conn.product.item('video', id);
    const line = describe(video);
    if (logger.mode !== 'json' && line !== last) logger.line(line);
    last = line;
    const state = video.transcript?.state;
    // The transcript's state is set inside the job: done once the transcription job itself is no longer queued or running
    // (its end on record). The translated subtitles it queues again are not waited for.
    if ((state === 'completed' || state === 'none' || state === 'failed') && !(await transcribing(conn, id))) break;
    await new Promise((r) => setTimeout(r, conn.mode === 'http' ? 500 : 200));
  }
  if (logger.mode === 'json') logger.json({ mode: conn.mode, target: conn.target, video });
  if (signal.aborted) return EXIT.interrupted;
  return video.transcript?.state === 'failed' ? EXIT.failed : EXIT.ok;
}

/** Whether a transcription job of this video is still queued or running. */
async function transcribing(conn: Connection, id: number): Promise<boolean> {
  const open = [...await conn.product.jobs('queued'), ...await conn.product.jobs('running')];
  return open.some((j) => j.kind === 'transcribe' && j.itemType === 'video' && j.itemId === id);
}
