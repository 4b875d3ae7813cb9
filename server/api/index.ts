import { ACCOUNTS } from './accounts';
import { ANALYTICS, BOT, FEEDBACK, HANDOFF, HANDOFF_REQUEST } from './chat';
import type { ApiRoute } from './declare';
import { ITEM_CALLS } from './items';
import { CATEGORIES, SITES, WIDGET_SETTINGS } from './organisation';
import { REVIEW, VERSIONS } from './review';
import { STORAGE, SYSTEM } from './system';
import { TRANSLATIONS } from './translations';

export * from './declare';

/** Every route a Product method is called through (server/api/declare.ts says how an entry reads). */
export const API: readonly ApiRoute[] = [
  ...ITEM_CALLS, ...REVIEW, ...VERSIONS, ...TRANSLATIONS, ...SYSTEM, ...STORAGE, ...BOT, ...FEEDBACK, ...HANDOFF_REQUEST, ...HANDOFF, ...ANALYTICS,
  ...ACCOUNTS, ...CATEGORIES, ...SITES, ...WIDGET_SETTINGS,
];

/**
 * Product methods with no route of their own, and why: the HTTP client composes them from other routes.
 * Everything else in `Product` has an entry above (cli/http/product-client.test.ts).
 */
export const COMPOSED: Readonly<Record<string, string>> = {
  item: 'one item is found in its kind\'s whole list (GET /api/documents ...): the API has no route for one record',
};
