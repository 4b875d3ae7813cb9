import { Type as T } from 'typebox';
import * as S from '../../core/foundation/schemas/index';
import { Empty, IdParams } from '../routes/schemas';
import { body, orDefault, param, routes } from './declare';

/** Categories, synced websites and the widget's settings (admin). */

const CategoryBody = T.Object({
  name: T.Optional(T.String({ maxLength: 1000 })),
  description: T.Optional(S.Nullable(T.String({ maxLength: 5000 }))),
  isActive: T.Optional(T.Boolean()),
});
const categories = { tag: 'categories' } as const;

export const CATEGORIES = routes(
  { ...categories, call: 'categories', method: 'GET', url: '/api/categories', summary: 'List categories', args: [], response: T.Array(S.Category) },
  { ...categories, call: 'createCategory', method: 'POST', url: '/api/categories', summary: 'Create a category', args: [orDefault(body(), {})], body: CategoryBody, status: 201, response: S.Category },
  {
    ...categories, call: 'updateCategory', method: 'PATCH', url: '/api/categories/:id', summary: 'Edit a category',
    args: [param('id'), orDefault(body(), {})], params: IdParams, body: CategoryBody, response: S.Category,
  },
  { ...categories, call: 'removeCategory', method: 'DELETE', url: '/api/categories/:id', summary: 'Delete a category', args: [param('id')], params: IdParams, status: 204, response: Empty },
);

/** Website sources (`cms sync <URL>`): the record and the list are core/features/sync/site-runs.ts. */
export const SITES = routes(
  {
    call: 'sites', method: 'GET', url: '/api/sites', tag: 'sites', summary: 'Synced websites: each with its pages (items synced from it) and its last run',
    args: [], response: T.Array(S.SiteSummary),
  },
  {
    call: 'recordSiteRun', method: 'POST', url: '/api/sites/runs', tag: 'sites', summary: 'Record a run of a website sync (cms sync <URL> records each of its runs)',
    args: [body()], body: S.SiteRunInput, response: S.SiteRun,
  },
  {
    call: 'startSiteSync', method: 'POST', url: '/api/sites/sync', tag: 'sites',
    summary: 'Start a run of a site synced before, with its last run\'s options (admins); it goes in the background, its progress in GET /api/sites',
    args: [body('site')], body: S.SiteSyncStart, status: 202, response: T.Intersect([S.SiteRunProgress, T.Object({ site: T.String() })]),
  },
);

export const WIDGET_SETTINGS = routes(
  { call: 'widgetSettings', method: 'GET', url: '/api/widget/settings', tag: 'widget', summary: 'Widget settings: allowed sites and brand defaults', args: [], response: S.WidgetSettingsView },
  {
    call: 'updateWidgetSettings', method: 'PATCH', url: '/api/widget/settings', tag: 'widget', summary: 'Change the widget settings',
    args: [orDefault(body(), {})], body: S.WidgetSettingsPatch, response: S.WidgetSettingsView,
  },
  // The public brand defaults, with the allowed origins from the settings (the client asks both).
  { call: 'widgetConfig', method: 'GET', url: '/api/widget/config', args: [], byHand: true },
);
