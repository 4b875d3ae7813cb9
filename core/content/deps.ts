import type { Catalog } from '../catalog/catalog';
import type { JobQueue } from '../jobs/queue';
import type { SearchIndex } from '../search/types';
import type { ObjectStore } from '../storage/types';

/** What the content operations need; built once by the composition root. */
export interface ContentDeps {
  catalog: Catalog;
  store: ObjectStore;
  search: SearchIndex;
  queue: JobQueue;
}
