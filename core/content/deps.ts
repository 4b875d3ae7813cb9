import type { Catalog } from '../catalog/catalog';
import type { ConversationStore } from '../conversations/types';
import type { JobQueue } from '../jobs/queue';
import type { SearchIndex } from '../search/types';
import type { ObjectStore } from '../storage/types';

/** What the content operations need; built once by the composition root. */
export interface ContentDeps {
  catalog: Catalog;
  store: ObjectStore;
  search: SearchIndex;
  queue: JobQueue;
  /** Conversations, emptied by delete-all-data; absent where a caller has none (CLI import). */
  conversations?: ConversationStore;
}
