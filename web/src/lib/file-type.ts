/** The usual extension of an image's MIME type (what a browser or the server says the bytes are). */
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/svg+xml': 'svg',
  'image/bmp': 'bmp', 'image/tiff': 'tif', 'image/avif': 'avif',
};

/** What the first bytes of an image say it is (a server that labels every image image/jpeg is not believed). */
export function sniffImageType(head: Uint8Array): string | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  if (at(0, [0x42, 0x4d])) return 'image/bmp';
  return null;
}

/**
 * The name an image is saved under: `base` with the extension of what its
 * bytes are (sniffed first, then the MIME type given), so PNG data is never
 * saved as .jpg; `base` unchanged when neither is known.
 */
export function imageFileName(base: string, head: Uint8Array, mime: string | null | undefined): string {
  const type = sniffImageType(head) ?? (mime ?? '').split(';')[0].trim().toLowerCase();
  const ext = IMAGE_EXTENSIONS[type];
  if (!ext) return base;
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${stem}.${ext}`;
}
