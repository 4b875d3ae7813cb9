/**
 * Which stored objects anyone may download without signing in: only what
 * the chat may hand out, i.e. files of items that finished processing
 * (status `completed`) and the images the admin uploaded for the bot. The
 * original of an upload that failed or is still being processed (it may
 * be the wrong file, or a hostile one) needs sign-in.
 */
import type { Catalog } from './catalog/types';
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
