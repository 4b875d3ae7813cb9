import { deletePrefix } from '../storage/stats';
import type { ObjectStore } from '../storage/types';
import { videoKeys } from '../storage/layout';

/** A video's transcript files and frames (its translated files go with their translation records). */
export async function removeVideoDerived(store: ObjectStore, id: number): Promise<void> {
  await store.delete(videoKeys.transcriptVtt(id));
  await store.delete(videoKeys.transcriptJson(id));
  await deletePrefix(store, videoKeys.framesPrefix(id));
}
