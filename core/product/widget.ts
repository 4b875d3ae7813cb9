import type { ProductDeps as Services } from './deps';
import { allowed } from '../features/widget/settings';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const widgetNeeds = { widgetSettings: 'read', updateWidgetSettings: 'manage', widgetConfig: 'public' } satisfies Needs;

/** The embeddable widget's settings (admin) and the brand defaults it reads (public). */
export const widget = (s: Pick<Services, 'widgetSettings'>): Pick<Product, 'widgetSettings' | 'updateWidgetSettings' | 'widgetConfig'> => ({
  widgetSettings: () => s.widgetSettings.get(),
  updateWidgetSettings: (patch) => s.widgetSettings.update(patch),
  async widgetConfig() {
    const { title, color, greeting, origins, envOrigins } = await s.widgetSettings.get();
    return { title, color, greeting, origins: allowed(envOrigins, { origins, title, color, greeting }) };
  },
});
