/** The shapes of a website sync run (../site-sync.ts): its options, the events it tells and the report it fills. */
import type { Audience, SyncSource } from '../../foundation/types';
import type { FetchOutcome, SiteFetchOptions } from '../../features/sync/site-fetch';

export interface SiteSyncOptions extends Pick<SiteFetchOptions, 'allowHosts' | 'maxBytes' | 'maxRedirects' | 'timeoutMs'> {
  approve?: boolean;
  audience?: Audience;
  /** Delete the items of pages gone instead of archiving them. */
  delete?: boolean;
  signal?: AbortSignal;
  /** Pages a crawl from a start page reads at most (default 500). */
  maxPages?: number;
  onPage?: (event: SiteSyncEvent) => void;
  /** Given the run's report as it fills (found once the sitemap is read, the lists and counts as pages go): a console's progress. */
  onStart?: (report: SiteSyncReport) => void;
}

export interface SiteSyncEvent {
  action: 'new' | 'changed' | 'removed' | 'failed' | 'adopted' | 'skipped';
  /** The page's address. */
  path: string;
  id?: number;
  type?: 'document';
  error?: string;
  /** A failure's error code and whether it may pass by itself (./failure.ts). */
  errorCode?: string;
  transient?: boolean;
}

export interface SiteSyncReport {
  site: string;
  /** 'sitemap' when the address was a sitemap, 'crawl' from a start page. */
  mode: 'sitemap' | 'crawl';
  new: SiteSyncEvent[];
  changed: SiteSyncEvent[];
  removed: SiteSyncEvent[];
  failed: SiteSyncEvent[];
  adopted: SiteSyncEvent[];
  /** Pages not requested or not imported, with the reason (robots.txt, outside the site, mostly navigation, not HTML). */
  skipped: Array<{ path: string; reason: string }>;
  /** Pages flagged as mostly navigation (menus and links): not imported. */
  navigation: string[];
  unchanged: number;
  /** Pages the site listed or a crawl reached. */
  found: number;
  /** HTTP requests sent (robots.txt, sitemaps, pages, pictures, every redirect hop). */
  requests: number;
  /** Pages whose body was downloaded (200), and pages the server said were unchanged (304). */
  downloaded: number;
  notModified: number;
  durationMs: number;
  /** The run as recorded for the console's Website sources (core/features/sync/site-runs.ts); `recordError` when it could not be. */
  runId?: number;
  recordError?: string;
}

/** A page an earlier run imported: its item, what that run saw, and whether the item is archived. */
export interface Known { id: number; source: SyncSource; archived: boolean }

/** A page's answer with its body (HTTP 200). */
export type PageBody = Extract<FetchOutcome, { status: 200 }>;
