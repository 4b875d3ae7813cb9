/**
 * Which stored objects anyone may download without signing in: only what
 * the chat may hand out, i.e. files of public items (the visibility rule,
 * core/governance/visibility.ts: processed, approved, audience public, not
 * expired) with their translations, frames, images and transcripts, and
 * the images the admin uploaded for the bot. Anything else needs sign-in.
 */
import type { Catalog } from './catalog/types';
import { isPublic } from './governance/visibility';
import { isPublicKey } from './paths';
import type { ContentType } from './types';

/** The item a stored object belongs to, read from its key (see keys in paths.ts). */
export function ownerOfKey(key: string): { type: ContentType; id: number } | { type: 'support' } | null {
  const m =
    /^documents\/(?:translated\/)?(\d+)_/.exec(key) ?? /^images\/documents\/(\d+)\//.exec(key);
  if (m) return { type: 'document', id: Number(m[1]) };
  const p = /^presentations\/(?:original_files|translated_files)\/(\d+)_/.exec(key) ?? /^images\/presentations\/(\d+)\//.exec(key);
  if (p) return { type: 'presentation', id: Number(p[1]) };
  const v = /^videos\/(?:original_files|translated_files|subtitles)\/(\d+)_/.exec(key) ?? /^videos\/(?:thumbnails|transcripts)\/(\d+)\./.exec(key)
    ?? /^images\/videos\/(\d+)\//.exec(key);
  if (v) return { type: 'video', id: Number(v[1]) };
  if (/^images\/support\//.test(key)) return { type: 'support' };
  return null;
}

export { isHandedOut } from './governance/visibility';

/** True when `key` may be downloaded without sign-in (the item it belongs to is public now). */
export async function isPubliclyServed(catalog: Catalog, key: string, now: Date = new Date()): Promise<boolean> {
  if (!isPublicKey(key)) return false;
  const owner = ownerOfKey(key);
  if (!owner) return false;
  if (owner.type === 'support') return true;
  return isPublic(await catalog.items(owner.type).get(owner.id), now);
}
