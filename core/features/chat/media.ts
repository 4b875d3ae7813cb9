import { isPublic } from '../governance/visibility';
import type { Catalog } from '../../engines/catalog/types';
import { publicUrlForKey } from '../../engines/storage/layout';
import type { SearchIndex } from '../../engines/search/types';
import { languageCode } from '../../foundation/text/language';
import type { ContentType, MediaOutput, TranslationInfo } from '../../foundation/types';
import { contentTerms, hasTerm, termSet, words } from '../../foundation/text/terms';

/**
 * Requests for a file ("send me the installation video", "do you have the
 * brochure in Hebrew?"): which kind, which item (title, description and
 * index match; ready items only), which language version.
 */

const KIND_WORDS: Record<ContentType, string[]> = {
  video: ['video', 'videos', 'clip', 'film', 'movie', 'סרטון', 'סרטונים', 'וידאו', 'וידיאו', 'הסרטון', 'סרט', 'فيديو', 'الفيديو', 'مقطع', 'vidéo', 'vídeo', 'видео', 'ролик'],
  presentation: ['presentation', 'presentations', 'deck', 'slides', 'slideshow', 'pptx', 'מצגת', 'המצגת', 'מצגות', 'عرض', 'العرض', 'présentation', 'diaporama', 'presentación', 'diapositivas', 'präsentation', 'folien', 'презентация', 'презентацию', 'слайды'],
  document: ['document', 'documents', 'brochure', 'manual', 'guide', 'catalog', 'catalogue', 'datasheet', 'leaflet', 'booklet', 'pdf', 'docx', 'flyer',
    'מסמך', 'המסמך', 'חוברת', 'החוברת', 'קטלוג', 'הקטלוג', 'מדריך', 'המדריך', 'ברושור', 'הברושור', 'עלון', 'مستند', 'كتيب', 'الكتيب', 'دليل', 'الدليل', 'كتالوج',
    'manuel', 'fiche', 'documento', 'folleto', 'guía', 'catálogo', 'dokument', 'broschüre', 'handbuch', 'anleitung', 'katalog', 'datenblatt',
    'документ', 'брошюра', 'брошюру', 'руководство', 'инструкция', 'инструкцию', 'каталог'],
};

const REQUEST_WORDS = [
  'send', 'give', 'share', 'download', 'show', 'get', 'have', 'want', 'need', 'see', 'link', 'watch', 'open', 'provide', 'is there', 'are there', 'any',
  'שלח', 'תשלח', 'שלחו', 'תשלחו', 'לשלוח', 'אפשר', 'יש', 'תן', 'תנו', 'הורד', 'להוריד', 'רוצה', 'מבקש', 'מבקשת', 'תראה', 'לראות', 'צריך',
  'أرسل', 'ارسل', 'لديكم', 'عندكم', 'أريد', 'اريد', 'حمل', 'تحميل', 'أرني',
  'envoyer', 'envoie', 'envoyez', 'envoyez-moi', 'avez', 'télécharger', 'montrer', 'montrez', 'veux', 'voudrais',
  'enviar', 'envía', 'envíame', 'enviame', 'tienen', 'tienes', 'descargar', 'quiero', 'mostrar', 'muéstrame',
  'senden', 'schicken', 'schick', 'haben', 'herunterladen', 'zeigen', 'möchte', 'brauche',
  'отправь', 'отправьте', 'пришли', 'пришлите', 'есть', 'скачать', 'покажи', 'покажите', 'хочу', 'нужна', 'нужен',
];

/** Language names as visitors write them -> ISO code. */
const LANGUAGE_WORDS: Record<string, string> = {
  english: 'en', hebrew: 'he', arabic: 'ar', french: 'fr', spanish: 'es', german: 'de', russian: 'ru', italian: 'it', portuguese: 'pt',
  chinese: 'zh', japanese: 'ja', korean: 'ko', dutch: 'nl', polish: 'pl', swedish: 'sv', norwegian: 'no', danish: 'da',
  אנגלית: 'en', באנגלית: 'en', עברית: 'he', בעברית: 'he', ערבית: 'ar', בערבית: 'ar', צרפתית: 'fr', בצרפתית: 'fr', ספרדית: 'es', בספרדית: 'es', גרמנית: 'de', בגרמנית: 'de', רוסית: 'ru', ברוסית: 'ru',
  الإنجليزية: 'en', بالإنجليزية: 'en', العبرية: 'he', بالعبرية: 'he', العربية: 'ar', بالعربية: 'ar', الفرنسية: 'fr', بالفرنسية: 'fr',
  anglais: 'en', hébreu: 'he', arabe: 'ar', français: 'fr', espagnol: 'es', allemand: 'de', russe: 'ru',
  inglés: 'en', hebreo: 'he', árabe: 'ar', francés: 'fr', español: 'es', alemán: 'de', ruso: 'ru',
  englisch: 'en', hebräisch: 'he', arabisch: 'ar', französisch: 'fr', spanisch: 'es', deutsch: 'de', russisch: 'ru',
  английском: 'en', английский: 'en', иврите: 'he', иврит: 'he', арабском: 'ar', французском: 'fr', испанском: 'es', немецком: 'de', русском: 'ru',
};

/** Lists as `words()` produces them (lower case, diacritics folded), phrases space-joined. */
const fold = (list: string[]) => [...new Set(list.map((w) => words(w).join(' ')).filter(Boolean))];
const KINDS: Record<ContentType, string[]> = {
  video: fold(KIND_WORDS.video), presentation: fold(KIND_WORDS.presentation), document: fold(KIND_WORDS.document),
};
const REQUESTS = fold(REQUEST_WORDS);
const LANGUAGES = new Map(Object.entries(LANGUAGE_WORDS).map(([k, v]) => [words(k).join(' '), v]));

export interface MediaRequest {
  kind: ContentType;
  /** Language asked for by name ("in Hebrew"), or null. */
  language: string | null;
}

const has = (list: string[], ws: string[], text: string) =>
  list.some((w) => (w.includes(' ') ? text.includes(w) : ws.includes(w)));

/** The kind of file asked for, or null when the message is not a request for a file. */
export function detectMediaRequest(message: string): MediaRequest | null {
  const ws = words(message);
  const text = ws.join(' ');
  const kinds = (Object.keys(KINDS) as ContentType[]).filter((k) => ws.some((w) => KINDS[k].includes(w)));
  if (kinds.length === 0) return null;
  if (!has(REQUESTS, ws, text) && ws.length > 4) return null;
  // "the installation video from the guide": the most specific kind wins (video, then presentation).
  const kind = (['video', 'presentation', 'document'] as const).find((k) => kinds.includes(k))!;
  const language = ws.map((w) => LANGUAGES.get(w)).find(Boolean) ?? null;
  return { kind, language };
}

interface Candidate {
  kind: ContentType;
  id: number;
  title: string;
  description: string;
  fileName: string;
  fileKey: string;
  sourceLanguage: string | null;
  translation: TranslationInfo;
  /** Finished translations: ISO code -> stored file. */
  translated: Map<string, string>;
}

async function candidates(catalog: Catalog, kind: ContentType): Promise<Candidate[]> {
  // The visibility rule: only public items are handed out (approved, audience public, not expired).
  const now = new Date();
  const ready = (r: Parameters<typeof isPublic>[0]) => isPublic(r, now);
  const rows = kind === 'video' ? (await catalog.videos.list((v) => ready(v))).map((v) => ({ ...v, title: v.label }))
    : kind === 'presentation' ? (await catalog.presentations.list((p) => ready(p))).map((p) => ({ ...p, title: p.label }))
      : await catalog.documents.list((d) => ready(d));
  const finished = await catalog.translations.list({ where: { itemType: kind, state: 'completed' }, filter: (x) => !!x.fileKey });
  return rows.map((r) => {
    const translated = new Map<string, string>();
    if (r.translation.state === 'completed' && r.translation.fileKey && r.translation.targetLanguage) {
      const code = languageCode(r.translation.targetLanguage);
      if (code) translated.set(code, r.translation.fileKey);
    }
    for (const t of finished) {
      if (t.itemId !== r.id) continue;
      const code = languageCode(t.targetLanguage);
      if (code) translated.set(code, t.fileKey!);
    }
    return {
      kind, id: r.id, title: r.title, description: r.description, fileName: r.fileName, fileKey: r.fileKey,
      sourceLanguage: r.sourceLanguage, translation: r.translation, translated,
    };
  });
}

export interface MediaMatch {
  kind: ContentType;
  id: number;
  output: MediaOutput;
  /** The language asked for exists only as the original. */
  translationMissing: string | null;
  /** ISO code of the version handed out. */
  language: string | null;
}

/** The best matching ready item, or null with the titles that are available. */
export async function findMedia(
  catalog: Catalog, search: SearchIndex | null, message: string, request: MediaRequest, visitorLanguage: string,
): Promise<{ match: MediaMatch | null; available: string[] }> {
  const items = await candidates(catalog, request.kind);
  if (items.length === 0) return { match: null, available: [] };
  const lang = visitorLanguage;
  // Kind words stay: "brochure" or "manual" in a title is a good signal.
  const skip = new Set([...REQUESTS, ...LANGUAGES.keys()]);
  const terms = contentTerms(words(message).filter((w) => !skip.has(w)).join(' '), lang);
  // Index match: which items' content the message talks about.
  const indexed = new Map<number, number>();
  if (search && terms.length) {
    const hits = await search.search(message, { k: 10, filters: { itemType: request.kind } }).catch(() => []);
    hits.forEach((h, i) => indexed.set(h.chunk.itemId, Math.max(indexed.get(h.chunk.itemId) ?? 0, 1 - i / 10)));
  }
  const scored = items.map((c) => {
    const title = termSet(`${c.title} ${c.fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[_-]+/g, ' ')}`, lang);
    const desc = termSet(c.description, lang);
    const score = terms.reduce((n, t) => n + (hasTerm(title, t) ? 2 : hasTerm(desc, t) ? 1 : 0), 0) + (indexed.get(c.id) ?? 0);
    return { c, score };
  }).sort((a, b) => b.score - a.score || b.c.id - a.c.id);
  const [best, second] = scored;
  const available = items.map((c) => c.title).slice(0, 5);
  // Nothing matched, or two items match equally well: list what there is rather than guess.
  if (second && (best.score <= 0 || best.score === second.score)) return { match: null, available };
  return { match: version(best.c, request.language ?? visitorLanguage, request.language !== null), available };
}

function version(c: Candidate, wanted: string, explicit: boolean): MediaMatch {
  const source = c.sourceLanguage ? languageCode(c.sourceLanguage) : null;
  const translatedKey = source !== wanted ? c.translated.get(wanted) : undefined;
  const translated = !!translatedKey;
  const target = translated ? wanted : null;
  const key = translatedKey ?? c.fileKey;
  return {
    kind: c.kind,
    id: c.id,
    output: { title: c.title, isTranslated: translated, isOriginal: !translated, downloadable: true, filePath: publicUrlForKey(key) },
    translationMissing: explicit && !translated && source !== wanted ? wanted : null,
    language: translated ? target : source,
  };
}
