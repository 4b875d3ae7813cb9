/**
 * Which stored objects anyone may download without signing in: only what
 * the chat may hand out, i.e. files of items that finished processing
 * (status `completed`) and the images the admin uploaded for the bot. The
 * original of an upload that failed or is still being processed (it may
 * be the wrong file, or a hostile one) needs sign-in.
 */
import type { Catalog } from './catalog/types';
import { isPublicKey, ownerOfKey } from './storage/layout';
import type { ContentType } from './types';

/** An item whose extraction is done (approved, completed, or being translated): what the chat may hand out. */
export const isHandedOut = (status: string | undefined): boolean =>
  status === 'completed' || status === 'approved' || status === 'converting';

/** True when `key` may be downloaded without sign-in. */
export async function isPubliclyServed(catalog: Catalog, key: string): Promise<boolean> {
  if (!isPublicKey(key)) return false;
  const owner = ownerOfKey(key);
  if (!owner) return false;
  if (owner.type === 'support') return true;
  const item = await catalog.items(owner.type).get(owner.id);
  return isHandedOut(item?.status);
}
