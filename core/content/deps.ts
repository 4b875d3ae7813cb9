import type { JobQueue } from '../jobs/queue';
import type { RecordDeps } from '../records/deps';

/** What the content operations need; built once by the composition root. */
export interface ContentDeps extends RecordDeps {
  queue: JobQueue;
}
