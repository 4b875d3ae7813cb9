/**
 * The slides of a PPTX package, in the deck's order (ppt/presentation.xml
 * and its rels, not file names): each slide's text (a:t runs, SmartArt,
 * charts), title and speaker notes, and the pictures its rels embed, each
 * written once into the work folder with the slides that show it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { AppError } from '../../foundation/errors';
import { throwIfAborted } from '../../foundation/tools/exec';
import type { PlacedImage } from './decoration';
import { chartText, parseNotes, parseRels, parseSlide, partText, relsPathOf, slideIdsInOrder, type Rel, type SlideContent } from '../../foundation/tools/pptx-xml';
import { imageSizeFromBytes } from '../../formats/sniff';
import { cleanText } from '../../foundation/text/clean';
import { nearby } from '../../foundation/tools/tidy';
import type { ExtractedSection, ExtractOptions } from '../../formats/types';
import type { SafeZip } from '../../foundation/tools/zip-read';
import { message, type Message } from '../../foundation/messages';

const WEB_IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

/** What a deck's slides hold, read in order. */
export interface DeckContent {
  slideCount: number;
  sections: ExtractedSection[];
  images: PlacedImage[];
  /** Per slide in order: hidden from the show. */
  hidden: boolean[];
  /** Something on a slide besides text: a picture, a clip, a drawn shape, a table or chart frame. */
  drawn: boolean;
}

/** The pictures gathered slide by slide: each part written once, with every slide placing it. */
interface DeckPictures {
  dir: string;
  byPart: Map<string, PlacedImage>;
  images: PlacedImage[];
  /** Pictures in formats other than WEB_IMAGES, left out. */
  skippedFormats: number;
  /** Video and audio clips, left out. */
  media: number;
}

async function readRels(zip: SafeZip, part: string): Promise<Map<string, Rel>> {
  const path = relsPathOf(part);
  return zip.has(path) ? parseRels(await zip.readText(path), part) : new Map();
}

/** A slide that draws something without text: a shape that is not an empty placeholder, a connector, a table or chart frame, a picture. */
export function drawsSomething(slideXml: string): boolean {
  if (/<p:(?:cxnSp|graphicFrame|pic)\b/.test(slideXml)) return true;
  return [...slideXml.matchAll(/<p:sp\b[\s\S]*?<\/p:sp>/g)].some((m) => !/<p:ph\b/.test(m[0]));
}

/** Reads every slide of the deck in order; throws when the package has no presentation part or no slides. */
export async function readSlides(zip: SafeZip, label: string, opts: ExtractOptions, warnings: Message[]): Promise<DeckContent> {
  if (!zip.has('ppt/presentation.xml')) throw new AppError('corrupt_file', `${label} is damaged: it has no ppt/presentation.xml part.`);
  const presRels = await readRels(zip, 'ppt/presentation.xml');
  const ids = slideIdsInOrder(await zip.readText('ppt/presentation.xml'));
  const slideParts = ids.map((id) => presRels.get(id)).filter((r): r is Rel => !!r && r.type === `${REL}slide` && zip.has(r.target));
  if (slideParts.length < ids.length) warnings.push(message('warning.slides_missing', { count: ids.length - slideParts.length }));
  const slideCount = slideParts.length;
  if (slideCount === 0) throw new AppError('validation', `${label} has no slides.`, { details: { reason: 'no_text' } });

  const deck: DeckContent = { slideCount, sections: [], images: [], hidden: [], drawn: false };
  const pictures: DeckPictures = { dir: join(opts.workDir, 'pptx-images'), byPart: new Map(), images: deck.images, skippedFormats: 0, media: 0 };
  for (const [i, rel] of slideParts.entries()) {
    throwIfAborted(opts.signal);
    const slide = i + 1;
    opts.onProgress?.(i, slideCount, message('pptx_slide', { slide, slides: slideCount }));
    const slideXml = await zip.readText(rel.target);
    const content = parseSlide(slideXml);
    deck.drawn ||= drawsSomething(slideXml);
    deck.hidden.push(content.hidden);
    const rels = await readRels(zip, rel.target);
    const { text, section } = await readSlideSection(zip, slide, content, rels);
    if (section) deck.sections.push(section);
    await keepSlidePictures(zip, slide, rels, text, pictures);
  }
  if (pictures.skippedFormats) warnings.push(message('warning.images_unsupported', { count: pictures.skippedFormats }));
  if (pictures.media) warnings.push(message('warning.media_skipped', { count: pictures.media }));
  deck.drawn ||= pictures.skippedFormats > 0 || pictures.media > 0 || deck.images.length > 0;
  return deck;
}

/** A slide's text (its lines, SmartArt, charts) and speaker notes, cleaned; its section when it has either. */
async function readSlideSection(zip: SafeZip, slide: number, content: SlideContent, rels: Map<string, Rel>): Promise<{ text: string; section?: ExtractedSection }> {
  let notes = '';
  const lines = [...content.lines];
  for (const r of rels.values()) {
    if (r.external || !zip.has(r.target)) continue;
    if (r.type === `${REL}notesSlide`) notes = parseNotes(await zip.readText(r.target));
    // SmartArt keeps its text in a diagram data part.
    if (r.type === `${REL}diagramData`) lines.push(...partText(await zip.readText(r.target)));
    // Charts keep their titles, series and category labels in a chart part.
    if (r.type === `${REL}chart`) lines.push(...chartText(await zip.readText(r.target)));
  }
  // Symbol-font glyphs (private use), control characters and odd spaces are not text.
  const text = cleanText(lines.join('\n'));
  notes = cleanText(notes);
  if (!text && !notes) return { text };
  const section: ExtractedSection = { slide, text };
  if (content.title) section.heading = cleanText(content.title);
  if (notes) section.notes = notes;
  return { text, section };
}

/** Writes the pictures a slide's rels embed (once per part; a part seen before gets this slide as a place); counts clips and other formats. */
async function keepSlidePictures(zip: SafeZip, slide: number, rels: Map<string, Rel>, text: string, pictures: DeckPictures): Promise<void> {
  for (const r of rels.values()) {
    if (r.external) continue;
    if (r.type === `${REL}video` || r.type === `${REL}audio` || r.type.endsWith('/media')) { pictures.media++; continue; }
    if (r.type !== `${REL}image` || !zip.has(r.target)) continue;
    const earlier = pictures.byPart.get(r.target);
    if (earlier) { if (!earlier.places?.includes(slide)) earlier.places?.push(slide); continue; }
    const ext = posix.extname(r.target).slice(1).toLowerCase();
    if (!WEB_IMAGES.has(ext)) { pictures.skippedFormats++; continue; }
    const data = await zip.read(r.target);
    await mkdir(pictures.dir, { recursive: true });
    const path = join(pictures.dir, `slide-${slide}-${posix.basename(r.target)}`);
    await writeFile(path, data);
    const img: PlacedImage = { path, ext: ext === 'jpeg' ? 'jpg' : ext, slide, places: [slide], ...imageSizeFromBytes(data), nearbyText: nearby(text) };
    pictures.byPart.set(r.target, img);
    pictures.images.push(img);
  }
}
