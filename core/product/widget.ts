import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** The embeddable widget's settings (admin) and the brand defaults it reads (public). */
export const widget = (s: Pick<Services, 'widgetSettings'>): Pick<Product, 'widgetSettings' | 'updateWidgetSettings' | 'widgetConfig'> => ({
  widgetSettings: async () => s.widgetSettings.get(),
  updateWidgetSettings: async (patch) => s.widgetSettings.update(patch),
  async widgetConfig() {
    const { title, color, greeting } = s.widgetSettings.get();
    return { title, color, greeting, origins: s.widgetSettings.allowedOrigins() };
  },
});
