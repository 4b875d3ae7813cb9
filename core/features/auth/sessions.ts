import type { Catalog } from '../../engines/catalog/types';

/**
 * Where sign-in sessions live (only the sha256 of each token): the catalog
 * on one machine, PostgreSQL when several servers share the sessions
 * (./pg-sessions.ts). Both pass core/testing/sessions-contract.ts.
 */
export interface SessionStore {
  /** Stores a session and forgets expired ones. */
  create(tokenHash: string, createdAt: Date, expiresAt: Date): Promise<void>;
  /** True when the session exists and has not expired at `now`. */
  isValid(tokenHash: string, now: Date): Promise<boolean>;
  remove(tokenHash: string): Promise<void>;
}

export function createCatalogSessionStore(catalog: Catalog): SessionStore {
  return {
    async create(tokenHash, createdAt, expiresAt) {
      await catalog.transaction(async () => {
        await catalog.authSessions.removeWhere((s) => Date.parse(s.expiresAt) <= createdAt.getTime());
        await catalog.authSessions.insert({ tokenHash, createdAt: createdAt.toISOString(), expiresAt: expiresAt.toISOString() });
      });
    },
    async isValid(tokenHash, now) {
      const s = await catalog.authSessions.find((x) => x.tokenHash === tokenHash);
      return !!s && Date.parse(s.expiresAt) > now.getTime();
    },
    async remove(tokenHash) {
      await catalog.authSessions.removeWhere((s) => s.tokenHash === tokenHash);
    },
  };
}
