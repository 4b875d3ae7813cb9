/** Pictures: support images for the bot (stored as they are, never read for text). */
import { startsWith, type FileFormat } from './format';

const image = (kind: string, extensions: string[], label: string, recognize: FileFormat['recognize']): FileFormat =>
  ({ kind, extensions, mime: `image/${kind}`, itemType: 'image', label, recognize });

export const png = image('png', ['.png'], 'a PNG image', (h) => (startsWith(h, '\x89PNG\r\n\x1a\n') ? { description: 'PNG image data' } : null));
export const jpeg = image('jpeg', ['.jpg', '.jpeg'], 'a JPEG image', ({ bytes: b }) =>
  (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff ? { description: 'JPEG image data' } : null));
export const gif = image('gif', ['.gif'], 'a GIF image', (h) => (startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a') ? { description: 'GIF image data' } : null));
export const webp = image('webp', ['.webp'], 'a WebP image', (h) => (startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8) ? { description: 'WebP image data' } : null));

export const images = [png, jpeg, gif, webp];
