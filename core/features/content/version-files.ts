/**
 * What the versions of an item's file (./versions.ts) share: their
 * dependencies, and the reads and copies of stored objects they make.
 */
import type { ItemRecord } from '../../engines/catalog/types';
import type { ContentType } from '../../foundation/types';
import type { AuditInput } from '../governance/audit';
import type { ContentDeps } from './deps';
import { removeTranslationsOf, requestTranslation } from './translations';

export interface VersionDeps extends ContentDeps {
  audit?: (entry: AuditInput) => Promise<unknown>;
  now?: () => Date;
}

export type Item = ItemRecord;
export const titleOf = (r: Item) => ('title' in r ? r.title : r.label);
export const nowIso = (deps: VersionDeps) => (deps.now?.() ?? new Date()).toISOString();

export async function readAll(deps: VersionDeps, key: string): Promise<Buffer> {
  const { body } = await deps.store.get(key);
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

export async function copyObject(deps: VersionDeps, from: string, to: string, contentType?: string) {
  const got = await deps.store.get(from);
  await deps.store.put(to, got.body, { contentType: contentType ?? got.contentType, size: got.size });
}

/** Translations of the old text are made again from the new one (same languages). */
export async function redoTranslations(deps: VersionDeps, type: ContentType, id: number) {
  const langs = (await deps.catalog.translations.list((t) => t.itemType === type && t.itemId === id)).map((t) => t.targetLanguage);
  await removeTranslationsOf(deps, type, id);
  for (const lang of langs) await requestTranslation(deps, type, id, lang).catch(() => {});
}
