import type { TFunction } from 'i18next';

/**
 * The words the server puts into image records, in the reader's language. An image's description is
 * "Text in image: <what OCR read> — <text near it>" and its tags hold "text", "decoration", "page 3",
 * "slide 2" beside the item's title: those words are the server's (worded here), the rest is the
 * document's own text (shown as it is).
 */
const TEXT_IN_IMAGE = 'Text in image: ';

export interface DescriptionPart {
  /** The server's label before the part ("Text in image:"), worded; null for plain document text. */
  label: string | null;
  /** The document's own words. */
  text: string;
}

export function describeImage(description: string, t: TFunction): DescriptionPart[] {
  if (!description) return [];
  return description.split(' — ').map((part) =>
    part.startsWith(TEXT_IN_IMAGE) ? { label: t('images.textInImage'), text: part.slice(TEXT_IN_IMAGE.length) } : { label: null, text: part },
  );
}

/** The description as one line in the reader's language (image alternative text, a dialog's description). */
export const imageDescriptionText = (description: string, t: TFunction) =>
  describeImage(description, t).map((p) => (p.label ? `${p.label} ${p.text}` : p.text)).join(' — ');

/** A tag as the reader sees it: the server's words worded, the item's own words as they are. */
export function imageTagLabel(tag: string, t: TFunction): { label: string; own: boolean } {
  if (tag === 'text') return { label: t('images.tags.text'), own: false };
  if (tag === 'decoration') return { label: t('images.tags.decoration'), own: false };
  const page = /^page (\d+)$/.exec(tag);
  if (page) return { label: t('images.page', { page: Number(page[1]) }), own: false };
  const slide = /^slide (\d+)$/.exec(tag);
  if (slide) return { label: t('images.slide', { slide: Number(slide[1]) }), own: false };
  return { label: tag, own: true };
}
