/**
 * Which stored objects anyone may download without signing in: only what
 * the chat may hand out, i.e. files of public items (the visibility rule,
 * core/features/governance/visibility.ts: processed, approved, audience public, not
 * expired) with their translations, frames, images and transcripts, and
 * the images the admin uploaded for the bot. Anything else needs sign-in.
 */
import type { Catalog } from '../engines/catalog/types';
import { isPublic } from '../features/governance/visibility';
import { isPublicKey, ownerOfKey } from '../engines/storage/layout';

export { isHandedOut } from '../features/governance/visibility';

/** True when `key` may be downloaded without sign-in (the item it belongs to is public now). */
export async function isPubliclyServed(catalog: Catalog, key: string, now: Date = new Date()): Promise<boolean> {
  if (!isPublicKey(key)) return false;
  const owner = ownerOfKey(key);
  if (!owner) return false;
  if (owner.type === 'support') return true;
  return isPublic(await catalog.items(owner.type).get(owner.id), now);
}
