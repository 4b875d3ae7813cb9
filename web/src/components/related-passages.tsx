import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RelatedPassage } from '@core/foundation/types';
import { isRtlText } from '../lib/format';
import { wordTitleLanguage } from '../lib/messages';
import { Ltr } from './ltr';

const clock = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/** The excerpt with the question's words in <mark> (offsets from the server, clamped and ordered). */
export function markedExcerpt(excerpt: string, marks: Array<[number, number]>): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const [s, e] of [...marks].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(at, Math.min(s, excerpt.length));
    const end = Math.max(start, Math.min(e, excerpt.length));
    if (end === start) continue;
    if (start > at) out.push(excerpt.slice(at, start));
    out.push(<mark key={start} className="rounded-sm bg-amber-100 px-0.5 text-inherit">{excerpt.slice(start, end)}</mark>);
    at = end;
  }
  if (at < excerpt.length) out.push(excerpt.slice(at));
  return out;
}

/**
 * "These pages may help": shown under a reply that states no answer, visibly
 * not an answer (its own heading, a note, quoted excerpts), each opening its
 * file at the page, slide or time. Used by /rag-bot and /chat.
 */
export function RelatedPassages({ related }: { related: RelatedPassage[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  if (!related.length) return null;
  return (
    <section className="mt-3 border-t border-dashed border-border pt-2" aria-labelledby={headingId} data-testid="related-passages">
      <h3 id={headingId} className="text-xs font-semibold text-muted-foreground">{t('rag.related')}</h3>
      <p className="mb-1.5 text-[11px] text-muted-foreground">{t('rag.relatedHint')}</p>
      <ul className="grid gap-1.5">
        {related.map((r) => {
          const title = wordTitleLanguage(i18n.language, r.title);
          const where = r.page != null ? t('rag.page', { page: r.page }) : r.slide != null ? t('rag.slide', { slide: r.slide }) : r.start != null ? clock(r.start) : null;
          const label = (
            <>
              <span className="font-medium">{title}</span>
              {where ? <span> · <Ltr>{where}</Ltr></span> : null}
            </>
          );
          return (
            <li key={`${r.itemType}-${r.itemId}-${r.page ?? r.slide ?? r.start ?? ''}`} className="rounded-md border border-border bg-muted/40 px-2.5 py-1.5 text-xs" data-testid="related-passage">
              {r.viewerUrl ?? r.url ? (
                <a href={r.viewerUrl ?? r.url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  {label}
                </a>
              ) : (
                label
              )}
              <blockquote dir={isRtlText(r.excerpt) ? 'rtl' : 'ltr'} className="mt-0.5 text-muted-foreground" data-testid="related-excerpt">
                {markedExcerpt(r.excerpt, r.marks)}
              </blockquote>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
