import type { ProductDeps as Services } from './deps';
import type { BotImage, PresentationImage } from '../foundation/types';
import type { Page, Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const imagesNeeds = { images: 'read' } satisfies Needs;

/** Images extracted from documents (bot images) and presentations. */
export const images = (s: Services): Pick<Product, 'images'> => ({
  images: (async (kind: 'bot' | 'presentation', page: Page = {}) => {
    const q = { limit: page.limit, offset: page.offset, afterId: page.afterId };
    return kind === 'bot' ? await s.catalog.botImages.list(q) : await s.catalog.presentationImages.list(q);
  }) as {
    (kind: 'bot', page?: Page): Promise<BotImage[]>;
    (kind: 'presentation', page?: Page): Promise<PresentationImage[]>;
  },
});
