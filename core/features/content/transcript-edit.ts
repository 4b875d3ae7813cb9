/**
 * Staff fixing a transcript: "Transcribe again" (another language, another
 * provider) queues a fresh transcription that replaces the transcript,
 * re-indexes it and makes the translated subtitles again; the transcript
 * editor saves edited cues (text and times) as a new version, re-indexes
 * it and makes the translated subtitles again, keeping the machine's
 * original beside it.
 */
import type { ContentDeps } from './deps';
import { AppError } from '../../foundation/errors';
import { NOTE_MESSAGES, refusal } from '../../foundation/messages';
import { languageName } from '../../foundation/text/language';
import type { TranslationLanguage, Video, VideoTranscriptView } from '../../foundation/types';
import { isTranslationLanguage, languageFacts } from '../video/languages';
import type { TranscribeParams } from '../video/job';
import { publishTranscript } from '../video/publish-transcript';
import { remakeVideoTranslations } from './remake-subtitles';
import type { SpeechToText, Transcript } from '../video/speech/types';
import { emptyTranscript } from '../video/transcript-state';
import { loadOriginalTranscript, loadTranscript } from '../video/transcript-store';
import { transcriptCues, cueProblems, type Cue } from '../video/vtt';
import { videoVersions } from '../video/versions';

export interface TranscribeAgainInput {
  /** Spoken language (a name or a code: 'hebrew', 'he'); unset keeps the video's (or lets the endpoint detect it). */
  language?: string | null;
  provider?: 'endpoint' | 'offline' | null;
}

/** Queues a new transcription that will replace the current transcript. */
export async function transcribeAgain(deps: ContentDeps, transcribers: readonly SpeechToText[], id: number, input: TranscribeAgainInput = {}): Promise<Video> {
  const video = await deps.catalog.videos.require(id);
  let language: TranslationLanguage | undefined;
  if (input.language) {
    const asked = input.language.trim().toLowerCase();
    const found = isTranslationLanguage(asked) ? asked : languageName(asked);
    if (!found) throw refusal('validation', 'refusal.spoken_language_unknown', { value: input.language }, `Unknown spoken language "${input.language}".`);
    language = found;
  }
  const provider = input.provider ?? undefined;
  if (provider && provider !== 'endpoint' && provider !== 'offline') throw new AppError('validation', `Unknown provider "${String(provider)}": use endpoint or offline.`);
  if (provider === 'endpoint' && !transcribers.some((t) => t.id !== 'pocketsphinx')) {
    throw refusal('not_configured', 'refusal.stt_endpoint_missing');
  }
  if (provider === 'offline' && language && language !== 'english') {
    throw refusal('validation', 'refusal.offline_english_only', { language });
  }
  const busy = await deps.catalog.jobs.find((j) => j.itemType === 'video' && j.itemId === id && (j.kind === 'ingest' || j.kind === 'transcribe') && (j.state === 'queued' || j.state === 'running'));
  if (busy) throw refusal('conflict', 'refusal.video_busy');
  if (language) await deps.catalog.videos.update(id, { sourceLanguage: languageFacts(language).iso1, updatedAt: new Date().toISOString() });
  const params: TranscribeParams = { fresh: true, ...(language ? { language } : {}), ...(provider ? { provider } : {}) };
  await deps.catalog.videos.update(id, (v: Video) => { v.transcript = { ...emptyTranscript(), ...v.transcript, state: 'pending', error: null }; });
  await deps.queue.enqueue('transcribe', 'video', video.id, params as Record<string, unknown>);
  return structuredClone(await deps.catalog.videos.require(id));
}

const LOW_CONFIDENCE = 'note.transcript_low_confidence';
const LOW_CONFIDENCE_TRANSLATION = 'note.translated_from_low_confidence';
/** The machine's "expect many wrong words" label (by its code, or its English text on records written before codes). */
const isLowConfidenceNote = (t: Video['transcript']) => t?.noteCode?.code === LOW_CONFIDENCE || t?.note === NOTE_MESSAGES[LOW_CONFIDENCE];

/** Checks edited cues: times in order, inside the video, text on each. */
function validCues(cues: unknown, durationSec: number | null): Cue[] {
  if (!Array.isArray(cues) || !cues.length) throw refusal('validation', 'refusal.cues_missing');
  const out = cues.map((c: { id?: unknown; start?: unknown; end?: unknown; text?: unknown }, i) => {
    const start = Number(c?.start);
    const end = Number(c?.end);
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0) throw refusal('validation', 'refusal.cue_times_invalid', { cue: i + 1 });
    if (typeof c?.text !== 'string') throw refusal('validation', 'refusal.cue_text_missing', { cue: i + 1 });
    if (durationSec && start > durationSec + 0.5) throw refusal('validation', 'refusal.cue_after_end', { cue: i + 1, seconds: durationSec });
    return { id: String(i + 1), start: Math.round(start * 1000) / 1000, end: Math.round(end * 1000) / 1000, text: c.text.replace(/\s+/g, ' ').trim() };
  });
  const problems = cueProblems(out);
  if (problems.length) throw refusal('validation', 'refusal.cues_invalid', {}, `The transcript cannot be saved: ${problems.slice(0, 3).join('; ')}.`);
  return out;
}

/** Saves edited cues as the video's transcript (a new version), re-indexes it, and makes its translated subtitles again. */
export async function saveEditedTranscript(deps: ContentDeps, id: number, cues: unknown): Promise<VideoTranscriptView> {
  const video = await deps.catalog.videos.require(id);
  // The last good transcript stays editable while a new transcription runs or after it failed.
  const current = hasPublished(video) ? await loadTranscript(deps.store, id) : null;
  if (!current) throw refusal('conflict', 'refusal.transcript_missing');
  const edited = validCues(cues, video.duration);
  // A person read and fixed it: the machine's low-confidence label no longer describes it (here, in search and in its translations).
  const transcript: Transcript = {
    ...current.transcript, quality: 'normal', segments: edited.map((c) => ({ start: c.start, end: c.end, text: c.text })),
  };
  delete transcript.approximate;
  const storedFrameTimes = current.frameTimes ?? Object.values(current.frames);
  const published = await publishTranscript(deps, video, transcript, { storedFrameTimes, origin: 'edited' });
  await deps.catalog.videos.update(id, (v: Video) => {
    const was = v.transcript;
    v.transcript = {
      ...emptyTranscript(), ...was, segmentCount: edited.length, chunkCount: published.chunkCount, quality: 'normal',
      vttPath: published.vttPath, version: (was?.version ?? 1) + 1, origin: 'edited', approximate: false, updatedAt: new Date().toISOString(),
      // A failed or running new transcription keeps its state (and its error, shown beside the edited transcript).
      state: was?.state === 'failed' || was?.state === 'pending' || was?.state === 'running' ? was.state : 'completed',
      ...(isLowConfidenceNote(was) ? { note: null, noteCode: null } : {}),
    };
  });
  // Its translated versions lose the "translated from a low-confidence transcript" label now; they are made again below.
  for (const t of await deps.catalog.translations.list((x) => x.itemType === 'video' && x.itemId === id)) {
    const kept = t.warnings.filter((w) => w.code?.code !== LOW_CONFIDENCE_TRANSLATION);
    if (kept.length !== t.warnings.length) await deps.catalog.translations.update(t.id, { warnings: kept });
  }
  await remakeVideoTranslations(deps, id);
  return transcriptView(deps, id);
}

/**
 * Whether the video has a published transcript (its WebVTT and cues): a completed one, or the last good one kept
 * while a new transcription is queued or running, or after it failed (the failure is shown beside it).
 */
function hasPublished(video: Video): boolean {
  const t = video.transcript;
  return !!t && (t.state === 'completed' || ((t.state === 'failed' || t.state === 'pending' || t.state === 'running') && !!t.vttPath && t.segmentCount > 0));
}

/** A video's transcript: state, cues, downloads, the original when it was edited, its translated versions, and why the latest run failed. */
export async function transcriptView(deps: Pick<ContentDeps, 'catalog' | 'store'>, id: number): Promise<VideoTranscriptView> {
  const video = await deps.catalog.videos.require(id);
  const kept = hasPublished(video) ? await loadTranscript(deps.store, id) : null;
  const original = kept && video.transcript?.origin === 'edited' ? await loadOriginalTranscript(deps.store, id) : null;
  const vttPath = kept ? video.transcript?.vttPath ?? null : null;
  return {
    transcript: video.transcript ?? null,
    cues: kept ? transcriptCues(kept.transcript) : [],
    vttPath,
    srtPath: vttPath ? vttPath.replace(/\.vtt$/, '.srt') : null,
    original: original ? transcriptCues(original.transcript) : null,
    versions: await videoVersions(deps.catalog, id),
    error: video.transcript?.state === 'failed' ? video.transcript.error ?? null : null,
  };
}
