/**
 * An audit entry's change as the screen shows it, in the reader's language:
 * each field that differs with its name ("Title", "כותרת") and its values
 * before and after, worded as the console words them (review states,
 * audiences, roles, languages, yes/no), and the item the entry is about
 * ("Document 12", "מסמך 12"). Names the user gave (titles, file names, terms)
 * stay as they are.
 */
import { formatDate, formatTime } from '../../../lib/format';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldChange {
  field: string;
  before: string;
  after: string;
  /** The values are words someone typed (a title, a greeting, a file name), shown as they are. */
  userText: boolean;
}

/** Fields whose values the console words itself; every other value is the user's own text. */
const WORDED = new Set(['review', 'audience', 'role', 'state', 'status', 'targetLanguage', 'sourceLanguage', 'archived', 'live']);

const EMPTY = '—';

/** A field's value in words. */
function valueOf(key: string, v: unknown, t: Translate): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  if (typeof v === 'boolean') return t(v ? 'audit.yes' : 'audit.no');
  if (Array.isArray(v)) return v.length ? v.map((x) => valueOf(key, x, t)).join(', ') : EMPTY;
  if (typeof v === 'object') {
    // A map of values by language (a glossary term's translations): "Hebrew: X, Spanish: Y".
    return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${t(`languages.${k}`, { defaultValue: k })}: ${valueOf('', x, t)}`).join(', ') || EMPTY;
  }
  const s = String(v);
  // A date or an instant, as the console shows dates.
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return formatDate(s);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z?$/.test(s)) return `${formatDate(s)} ${formatTime(s)}`;
  switch (key) {
    case 'review': return t(`review.state.${s}`, { defaultValue: s });
    case 'audience': return s === 'staff' ? t('review.audienceStaff') : s === 'public' ? t('review.audiencePublic') : s;
    case 'role': return t(`roles.${s}`, { defaultValue: s });
    case 'state':
    case 'status': return t(`audit.states.${s}`, { defaultValue: s });
    case 'targetLanguage':
    case 'sourceLanguage': return t(`languages.${s}`, { defaultValue: s });
    default: return s;
  }
}

/** A field's name: "cue 3" is a transcript cue by number. */
function fieldName(key: string, t: Translate): string {
  const cue = /^cue (\d+)$/.exec(key);
  if (cue) return t('audit.fields.cue', { n: Number(cue[1]) });
  return t(`audit.fields.${key}`, { defaultValue: key });
}

/** The fields that differ between before and after (every field of the one there is when the other is absent). */
export function describeChange(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined, t: Translate): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null))
    .map((k) => ({ field: fieldName(k, t), before: before ? valueOf(k, before[k], t) : EMPTY, after: after ? valueOf(k, after[k], t) : EMPTY, userText: !WORDED.has(k) }));
}

/** What an entry is about: "Document 12" for an item, else its target as recorded (a user, a term, an operation). */
export function describeTarget(entry: { itemType?: string | null; itemId?: number | null; target: string }, t: Translate): string {
  if (entry.itemType && entry.itemId != null) return `${t(`review.types.${entry.itemType}`, { defaultValue: entry.itemType })} ${entry.itemId}`;
  if (entry.target === 'widget') return t('audit.targets.widget');
  if (entry.target === 'all data') return t('audit.targets.allData');
  const request = /^request (\d+)$/.exec(entry.target);
  if (request) return t('audit.targets.request', { id: Number(request[1]) });
  return entry.target;
}

/** A note the product records in English ("created", "new version live") in the reader's words; a note someone typed stays as it is. */
export function describeNote(note: string | null | undefined, t: Translate): { text: string; userText: boolean } | null {
  if (!note) return null;
  const key = note.replace(/ /g, '_');
  const worded = t(`audit.notes.${key}`, { defaultValue: '' });
  return worded ? { text: worded, userText: false } : { text: note, userText: true };
}

/** Entries whose target is an operation of the API (a refusal, a token's write): shown as the technical name it is. */
export const OPERATION_TARGETS = new Set(['forbidden', 'token_write']);
