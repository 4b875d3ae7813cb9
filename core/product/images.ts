import type { CoreServices as Services } from '../services';
import type { BotImage, PresentationImage } from '../types';
import type { Product } from './types';

/** Images extracted from documents (bot images) and presentations. */
export const images = (s: Services): Pick<Product, 'images'> => ({
  images: (async (kind: 'bot' | 'presentation') => (kind === 'bot' ? await s.catalog.botImages.list() : await s.catalog.presentationImages.list())) as {
    (kind: 'bot'): Promise<BotImage[]>;
    (kind: 'presentation'): Promise<PresentationImage[]>;
  },
});
