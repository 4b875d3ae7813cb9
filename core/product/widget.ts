import type { CoreServices as Services } from '../services';
import { allowed } from '../widget/settings';
import type { Product } from './types';

/** The embeddable widget's settings (admin) and the brand defaults it reads (public). */
export const widget = (s: Pick<Services, 'widgetSettings'>): Pick<Product, 'widgetSettings' | 'updateWidgetSettings' | 'widgetConfig'> => ({
  widgetSettings: () => s.widgetSettings.get(),
  updateWidgetSettings: (patch) => s.widgetSettings.update(patch),
  async widgetConfig() {
    const { title, color, greeting, origins, envOrigins } = await s.widgetSettings.get();
    return { title, color, greeting, origins: allowed(envOrigins, { origins, title, color, greeting }) };
  },
});
