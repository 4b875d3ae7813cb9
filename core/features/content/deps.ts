import type { ConversationStore } from '../../engines/conversations/types';
import type { JobQueue } from '../../engines/jobs/queue';
import type { RecordDeps } from '../../engines/records/deps';

/** What the content operations need; built once by the composition root. */
export interface ContentDeps extends RecordDeps {
  queue: JobQueue;
  /** Conversations, emptied by delete-all-data; absent where a caller has none (CLI import). */
  conversations?: ConversationStore;
  /** AUTO_APPROVE: every upload is approved on arrival (a one-person site, demos). */
  autoApprove?: boolean;
}
