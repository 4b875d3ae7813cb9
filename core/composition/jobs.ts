/**
 * The jobs part of the composition root (core/composition/services.ts). Needs: the config, the shared state, the records
 * (catalog, store, search), the temp folder, the log. Makes: the chat model, translation, speech to text, one
 * handler per job kind (each room registers its own), the free-space guard and the job queue.
 */
import path from 'node:path';
import type { Catalog } from '../engines/catalog/types';
import type { Config } from '../foundation/config';
import { remakeVideoTranslations } from '../features/content/remake-subtitles';
import { createDiskGuard } from '../foundation/disk';
import { AppError } from '../foundation/errors';
import { explainFailure } from '../features/ingest/failure';
import { createIngestHandler } from '../features/ingest/pipeline';
import { createJobQueue, type JobHandlers, type JobQueue } from '../engines/jobs/queue';
import { createLlm } from '../engines/llm/create';
import type { LogLine } from '../foundation/log';
import { metered, meterLlm } from '../engines/metrics';
import type { MaintainedSearchIndex } from '../engines/search/types';
import type { SharedState } from './shared-state';
import type { ObjectStore } from '../engines/storage/types';
import { createTranslation } from '../features/translate/create';
import { createTranslateHandler } from '../features/translate/job';
import type { Job, JobStep } from '../foundation/types';
import { createTranscribeHandler } from '../features/video/job';
import { planVideo } from '../features/video/policy';
import { createTranscribers } from '../features/video/speech/create';
import type { SpeechToText } from '../features/video/speech/types';
import { openVideoTranslation } from '../features/video/translation-job';

export interface JobsNeeds {
  shared: SharedState;
  records: { catalog: Catalog; store: ObjectStore; search: MaintainedSearchIndex };
  tmpDir: string;
  log: LogLine;
  onJobStep?: (job: Job, step?: JobStep) => void;
}

export function createJobsPart(config: Config, { shared, records, tmpDir, log, onJobStep }: JobsNeeds) {
  const { catalog } = records;
  const llm = meterLlm(createLlm(config.llm));
  const translation = createTranslation(config, llm, { pool: shared.pool });
  const transcribers = meteredTranscribers(config);
  const handlers: JobHandlers = {
    ingest: createIngestHandler(records, {
      ocrLanguages: config.worker.ocrLanguages, tmpDir, log,
      checkVideoDuration: (sec) => void planVideo(sec, { transcribe: true, translate: false, burn: false, dub: false }, { maxSec: config.video.maxMinutes * 60 }),
    }),
    transcribe: createTranscribeHandler({
      ...records, transcribers, tmpDir, maxDurationSec: config.video.maxMinutes * 60,
      // A new transcript makes the video's translated subtitles again (the queue exists by the time a job runs).
      onReplaced: async (videoId) => { await remakeVideoTranslations({ ...records, queue, conversations: shared.conversations }, videoId); },
    }),
    translate: createTranslateHandler({ ...records, translation, tmpDir, openVideo: openVideoTranslation }),
  };
  const disk = createDiskGuard([config.dataDir, tmpDir], config.minFreeBytes);
  // A new version's draft that finished processing goes live when approved (core/features/governance/versions.ts); bound by the caller.
  let afterJob: (job: Job) => void = () => {};
  const queue: JobQueue = createJobQueue({
    catalog, concurrency: config.worker.concurrency, handlers, claims: shared.claims, leaseMs: config.worker.leaseMs, log, afterClose: (job) => afterJob(job),
    // Every step of a job first checks MIN_FREE_MB; the reason names the item's file like any other failure.
    beforeStep: (job, step) => {
      onJobStep?.(job, step);
      disk.assertRoom('There is too little free disk space to go on');
    },
    explainStartFailure: async (job, e) => {
      const fileName = (await catalog.items(job.itemType).get(job.itemId))?.fileName;
      if (!fileName) return e;
      const err = explainFailure(e, fileName);
      return new AppError(err.code, err.message, { cause: e, details: { ...err.details, file: fileName } });
    },
  });
  shared.onRemoteChange(() => queue.poke());
  return { llm, translation, transcribers, disk, queue, setAfterJob: (fn: (job: Job) => void) => { afterJob = fn; } };
}

/** The speech-to-text engines, each call metered. */
function meteredTranscribers(config: Config): SpeechToText[] {
  return createTranscribers(config.stt, { cacheDir: path.join(config.dataDir, 'cache') }).map((t): SpeechToText => ({
    id: t.id, supports: (language) => t.supports(language), transcribe: (wav, opts) => metered('stt', t.id, () => t.transcribe(wav, opts)),
    warm: t.warm && ((o) => {
      const w = t.warm!(o);
      return w && { transcribe: (wav, opts) => metered('stt', t.id, () => w.transcribe(wav, opts)), release: () => w.release() };
    }),
  }));
}
