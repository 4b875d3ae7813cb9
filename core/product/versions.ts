import { actingActor } from '../features/governance/actor-context';
import { listVersions, replaceFile, restoreVersion, type VersionDeps } from '../features/content/versions';
import type { ProductDeps as Services } from './deps';
import { incoming } from './upload';
import { parseSyncSource } from '../features/content/fields';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const versionsNeeds = { replace: 'edit', versions: 'read', restoreVersion: 'edit' } satisfies Needs;

/** Versions of an item's file: replace in place, list, restore (core/features/governance/versions.ts). */
export const versions = (s: Services): Pick<Product, 'replace' | 'versions' | 'restoreVersion'> => {
  const deps: VersionDeps = { ...s.content, audit: (e) => s.audit.record(e) };
  return {
    async replace(id, { file, type, approve, actor, syncSource }) {
      const f = await incoming(file);
      s.disk.assertRoom(`"${f.fileName}" cannot be accepted now`, f.size);
      return await replaceFile(deps, id, f, { type, approve: !!approve, actor: actingActor(actor), ...(syncSource !== undefined ? { syncSource: parseSyncSource(syncSource) } : {}) });
    },
    versions: (id, type) => listVersions(s.content, id, type),
    restoreVersion: (id, n, o = {}) => restoreVersion(deps, id, n, { type: o.type, approve: !!o.approve, actor: actingActor(o.actor) }),
  };
};
