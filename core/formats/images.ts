/** Pictures: support images for the bot (stored as they are, never read for text). */
import { GIF, JPEG, PNG, WEBP, type FormatFacts } from './facts';
import { startsWith, type FileFormat } from './format';

const image = (facts: FormatFacts, recognize: FileFormat['recognize']): FileFormat => ({ ...facts, recognize });

export const png = image(PNG, (h) => (startsWith(h, '\x89PNG\r\n\x1a\n') ? { description: 'PNG image data' } : null));
export const jpeg = image(JPEG, ({ bytes: b }) =>
  (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff ? { description: 'JPEG image data' } : null));
export const gif = image(GIF, (h) => (startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a') ? { description: 'GIF image data' } : null));
export const webp = image(WEBP, (h) => (startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8) ? { description: 'WebP image data' } : null));

export const images = [png, jpeg, gif, webp];
