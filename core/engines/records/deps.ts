import type { Catalog } from '../catalog/types';
import type { SearchIndex } from '../search/types';
import type { ObjectStore } from '../storage/types';

/** What record helpers and job handlers need: where records, files and index entries live. */
export interface RecordDeps {
  catalog: Catalog;
  store: ObjectStore;
  search: SearchIndex;
}
