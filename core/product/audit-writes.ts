import type { Product } from './types';
import { actingActor } from '../features/governance/actor-context';
import type { AuditInput, AuditLog } from '../features/governance/audit';

/**
 * The audit entry of every write the product accepts that no use case
 * records itself (review, versions, deletes, users and tokens record their
 * own): document edits (title, description, language), transcript edits,
 * translation requests, widget settings, glossary terms, categories,
 * handoff requests, uploads, image and file removals. Each with the fields
 * that changed, before and after, read through the product itself.
 *
 * One table, one wrapper (as the guard's): a write added to `Product` and
 * listed here is audited; `AUDITED_ELSEWHERE` names the writes audited by
 * their own use case, and the test checks every write is in one of them.
 */

type Args = unknown[];
type Entry = Omit<AuditInput, 'actor'>;
/** Reads what a write is about to change (before it runs), then makes the entry from that and the result. */
type Recorder = { before?: (p: Product, args: Args) => Promise<unknown>; entry: (args: Args, before: unknown, result: unknown) => Entry | null };

/** The keys whose values differ, each side with only those keys (null when nothing changed). */
export function changedFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined, keys?: string[]) {
  const names = keys ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changed = names.filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null));
  if (!changed.length) return null;
  const pick = (o: Record<string, unknown> | null | undefined) => Object.fromEntries(changed.map((k) => [k, o?.[k] ?? null]));
  return { before: pick(before), after: pick(after) };
}

const rec = (o: unknown) => (o && typeof o === 'object' ? (o as Record<string, unknown>) : null);
/** A copy of what is read before the write (a store may hand out the very object the write then changes). */
const quietly = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    const v = await read();
    return v === undefined || v === null ? null : (JSON.parse(JSON.stringify(v)) as T);
  } catch {
    return null; // nothing to read (a new term, an unknown id): the write itself says what is wrong
  }
};
/** At most this many changed cues are kept in an entry. */
const MAX_CUES = 20;

const RECORDERS: Partial<Record<keyof Product, Recorder>> = {
  updateDocument: {
    before: (p, [id]) => quietly(() => p.item('document', id as number)),
    entry: ([id, patch], before, after) => {
      const diff = changedFields(rec(before), rec(after), Object.keys(rec(patch) ?? {}));
      return diff && { action: 'edit', type: 'document', id: id as number, title: (rec(after)?.title as string) ?? null, ...diff };
    },
  },
  saveTranscript: {
    before: (p, [id]) => quietly(() => p.transcript(id as number)),
    entry: ([id], before, after) => {
      const cuesOf = (v: unknown) => ((rec(v)?.cues as Array<{ start: number; text: string }>) ?? []);
      const old = cuesOf(before);
      const now = cuesOf(after);
      const b: Record<string, unknown> = {};
      const a: Record<string, unknown> = {};
      for (let i = 0; i < Math.max(old.length, now.length) && Object.keys(a).length < MAX_CUES; i++) {
        if (old[i]?.text === now[i]?.text) continue;
        const at = `cue ${i + 1}`;
        b[at] = old[i]?.text ?? null;
        a[at] = now[i]?.text ?? null;
      }
      return { action: 'transcript', type: 'video', id: id as number, before: b, after: a };
    },
  },
  translate: {
    entry: ([type, id, language], _b, r) => ({ action: 'translation', type: type as string, id: id as number, after: { targetLanguage: language, state: rec(r)?.state ?? null } }),
  },
  retryTranslation: {
    before: (p, [id]) => quietly(() => p.translation(id as number)),
    entry: (_a, before, r) => ({ action: 'translation', type: (rec(r)?.itemType as string) ?? null, id: (rec(r)?.itemId as number) ?? null, note: 'retry', before: { targetLanguage: rec(before)?.targetLanguage ?? null, state: rec(before)?.state ?? null }, after: { targetLanguage: rec(r)?.targetLanguage ?? null, state: rec(r)?.state ?? null } }),
  },
  removeTranslation: {
    before: (p, [id]) => quietly(() => p.translation(id as number)),
    entry: (_a, before) => ({ action: 'translation', type: (rec(before)?.itemType as string) ?? null, id: (rec(before)?.itemId as number) ?? null, note: 'removed', before: { targetLanguage: rec(before)?.targetLanguage ?? null, state: rec(before)?.state ?? null } }),
  },
  updateWidgetSettings: {
    before: (p) => quietly(() => p.widgetSettings()),
    entry: ([patch], before, after) => {
      const diff = changedFields(rec(before), rec(after), Object.keys(rec(patch) ?? {}));
      return diff && { action: 'settings', target: 'widget', ...diff };
    },
  },
  putGlossaryTerm: {
    before: (p, [entry]) => quietly(async () => (await p.glossary()).entries.find((e) => e.term === rec(entry)?.term) ?? null),
    entry: ([entry], before) => {
      const diff = changedFields(rec(before), rec(entry), ['translations', 'note']);
      return diff && { action: 'glossary', target: String(rec(entry)?.term ?? ''), ...diff };
    },
  },
  removeGlossaryTerm: {
    before: (p, [term]) => quietly(async () => (await p.glossary()).entries.find((e) => e.term === term) ?? null),
    entry: ([term], before) => ({ action: 'glossary', target: String(term), note: 'removed', before: rec(before) }),
  },
  createCategory: { entry: ([input], _b, r) => ({ action: 'category', target: String(rec(r)?.name ?? rec(input)?.name ?? ''), note: 'created', after: rec(input) }) },
  updateCategory: {
    before: (p, [id]) => quietly(async () => (await p.categories()).find((c) => c.id === id) ?? null),
    entry: ([, input], before, r) => {
      const diff = changedFields(rec(before), rec(r), Object.keys(rec(input) ?? {}));
      return diff && { action: 'category', target: String(rec(r)?.name ?? ''), ...diff };
    },
  },
  removeCategory: {
    before: (p, [id]) => quietly(async () => (await p.categories()).find((c) => c.id === id) ?? null),
    entry: ([id], before) => ({ action: 'category', target: String(rec(before)?.name ?? id), note: 'removed', before: rec(before) }),
  },
  markHandoffHandled: {
    entry: ([id, handled], _b, r) => ({ action: 'request', target: `request ${String(id)}`, after: { status: rec(r)?.status ?? (handled === false ? 'open' : 'handled') } }),
  },
  removeHandoffRequest: { entry: ([id]) => ({ action: 'request', target: `request ${String(id)}`, note: 'removed' }) },
  removeImage: { entry: ([kind, id]) => ({ action: 'delete', target: `${String(kind)} image ${String(id)}` }) },
  removeFile: { entry: ([key]) => ({ action: 'delete', target: String(key) }) },
  upload: {
    entry: ([input], _b, r) => {
      const made = rec(rec(r)?.item);
      const kind = (rec(r)?.kind as string) ?? (rec(input)?.kind as string);
      return { action: 'upload', type: kind ?? null, id: (made?.id as number) ?? null, title: (made?.title as string) ?? (made?.label as string) ?? null, after: { fileName: rec(rec(input)?.file)?.fileName ?? null } };
    },
  },
};

/** Writes whose own use case records them (core/product/review.ts, versions.ts, remove.ts, accounts.ts, the sign-in events). */
export const AUDITED_ELSEWHERE: ReadonlyArray<keyof Product> = [
  'approve', 'reject', 'setAccess', 'replace', 'restoreVersion', 'remove', 'removeAll',
  'createUser', 'updateUser', 'removeUser', 'createToken', 'revokeToken',
];

/** The operations this wrapper records. */
export const AUDITED_WRITES = Object.keys(RECORDERS) as Array<keyof Product>;

/** The product with every write in the table above recorded in the audit log once it succeeds. */
export function auditWrites(product: Product, audit: AuditLog): Product {
  const wrapped = { ...product } as Record<string, unknown>;
  for (const [name, r] of Object.entries(RECORDERS) as Array<[keyof Product, Recorder]>) {
    const fn = product[name] as unknown as (...a: Args) => Promise<unknown>;
    wrapped[name] = async (...args: Args) => {
      const before = r.before ? await r.before(product, args) : null;
      const result = await fn.apply(product, args);
      const entry = r.entry(args, before, result);
      if (entry) await audit.record({ ...entry, actor: actingActor() });
      return result;
    };
  }
  return wrapped as unknown as Product;
}
