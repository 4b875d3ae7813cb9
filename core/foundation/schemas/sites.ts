import { Type } from 'typebox';
import { Bool, DateTime, Int, Nullable, Opt, Str } from './common';

/**
 * Website sources (`cms sync <URL>`, core/operations/site-sync.ts): the record of
 * each run, and the console's list of sites with their last run.
 */

/** The counts and options of one website sync run, as recorded when it ends. */
export const SiteRunInput = Type.Object({
  /** The sitemap or start page the run was given (as the sync names it: the address without its #fragment). */
  site: Str({ maxLength: 2000 }),
  startedAt: DateTime(),
  finishedAt: DateTime(),
  /** Absent when the run stopped before it read the address. */
  mode: Opt(Type.Union([Type.Literal('sitemap'), Type.Literal('crawl')])),
  found: Int({ minimum: 0 }), new: Int({ minimum: 0 }), changed: Int({ minimum: 0 }), removed: Int({ minimum: 0 }),
  failed: Int({ minimum: 0 }), unchanged: Int({ minimum: 0 }),
  /** The options the run was given (`--approve`, `--delete`, `--allow-host`, `--audience`). */
  flags: Type.Object({
    approve: Bool(), delete: Bool(),
    allowHosts: Type.Array(Str({ maxLength: 300 }), { maxItems: 50 }),
    audience: Opt(Str({ maxLength: 20 })),
  }),
  /** Why the run stopped, when it did not finish (a refused host, no sitemap there, an interrupted run). */
  error: Opt(Str()),
});

export const SiteRun = Type.Object({
  id: Int(),
  /** Who ran it (a user or token name, "cli"). */
  actor: Opt(Str()),
  ...SiteRunInput.properties,
});

/** A run started from the console (POST /api/sites/sync) while it goes: pages found (0 until the sitemap is read) and done so far. */
export const SiteRunProgress = Type.Object({
  startedAt: DateTime(),
  found: Int(), done: Int(), new: Int(), changed: Int(), removed: Int(), failed: Int(),
});

/** POST /api/sites/sync: a site already synced once (its last run's flags are used again). */
export const SiteSyncStart = Type.Object({ site: Str({ maxLength: 2000 }) });

/** A site with the items synced from it and its last run. */
export const SiteSummary = Type.Object({
  site: Str(),
  /** Items whose syncSource.root is this address (archived ones counted apart). */
  pages: Int(),
  archived: Int(),
  runs: Int(),
  lastRun: Nullable(SiteRun),
  /** The run started from the console and not yet ended, with its progress. */
  running: Opt(Nullable(SiteRunProgress)),
});
