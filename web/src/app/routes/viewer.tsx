import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ViewerData } from '@core/foundation/types';
import { LanguageToggle } from '../../components/language-toggle';
import { Ltr } from '../../components/ltr';
import { markedExcerpt } from '../../components/related-passages';
import { buttonClasses } from '../../components/ui/button';
import { api, isApiError } from '../../lib/api-client';
import { isRtlText } from '../../lib/format';

const clock = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;
const pct = (v: number) => `${(v * 100).toFixed(3)}%`;

/**
 * /view/:type/:id: a cited source opened at its place (a PDF page with the
 * quoted words' boxes over its picture, a slide, a DOCX paragraph, a video at
 * its cue), from a citation or related passage of /rag-bot, /chat or the
 * widget (GET /api/view/:type/:id, core/features/content/viewer.ts). Public like
 * /chat: a hidden item answers as one that does not exist.
 */
export default function ViewerRoute() {
  const { t } = useTranslation();
  const { type = '', id = '' } = useParams();
  const [search] = useSearchParams();
  const params: Record<string, string> = {};
  for (const k of ['page', 'slide', 't', 'q']) {
    const v = search.get(k);
    if (v) params[k] = v;
  }
  const query = useQuery({
    queryKey: ['/api/view', type, id, params],
    queryFn: () => api.get<ViewerData>(`/api/view/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, { params, on401: 'throw' }),
    retry: false,
  });
  const data = query.data;
  useEffect(() => {
    document.title = `${data?.title ?? t('viewer.title')} · ${t('nav.brand')}`;
  }, [data?.title, t]);

  const where = !data ? '' : data.page != null
    ? (data.pageCount ? t('viewer.pageOf', { page: data.page, count: data.pageCount }) : t('viewer.page', { page: data.page }))
    : data.slide != null ? t('viewer.slide', { slide: data.slide })
      : data.video ? t('viewer.at', { time: clock(data.video.start ?? data.video.time) }) : '';

  return (
    <div className="min-h-screen bg-muted">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <p className="text-sm font-medium text-muted-foreground">{t('viewer.title')}</p>
          <LanguageToggle />
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-3 py-5 sm:px-4" data-testid="viewer">
        {query.isPending ? <p role="status">{t('viewer.loading')}</p> : null}
        {query.isError ? (
          <div role="alert" data-testid="viewer-missing">
            <h1 className="text-xl font-semibold">{t('viewer.missing')}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{isApiError(query.error) && query.error.status === 404 ? t('viewer.missingHint') : t('viewer.failed')}</p>
          </div>
        ) : null}
        {data ? <Source data={data} where={where} /> : null}
      </main>
    </div>
  );
}

function Source({ data, where }: { data: ViewerData; where: string }) {
  const { t } = useTranslation();
  const firstBox = useRef<HTMLSpanElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const rtl = isRtlText(data.text);
  const scrollToFirst = () => firstBox.current?.scrollIntoView({ block: 'center' });
  return (
    // One column no wider than the screen: a long unbroken word of the passage (an e-mail, a URL) wraps instead of widening it.
    <article className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight" dir="auto" data-testid="viewer-title" data-user-content="">{data.title}</h1>
          {where ? <p className="text-sm text-muted-foreground" data-testid="viewer-where"><Ltr>{where}</Ltr></p> : null}
        </div>
        {data.fileUrl ? (
          <a href={data.fileUrl} download className={buttonClasses('outline', 'sm', 'min-h-11 sm:min-h-9')} data-testid="viewer-download">
            <Download aria-hidden className="size-4" />
            {t('viewer.download')}
          </a>
        ) : null}
      </div>
      {data.text ? (
        <section aria-labelledby="viewer-quoted" className="rounded-lg border border-border bg-card p-3 shadow-sm">
          <h2 id="viewer-quoted" className="mb-1 text-sm font-semibold text-muted-foreground">{data.video ? t('viewer.cue') : t('viewer.quoted')}</h2>
          <blockquote dir={rtl ? 'rtl' : 'ltr'} className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="viewer-text" data-user-content="">
            {markedExcerpt(data.text, data.marks)}
          </blockquote>
        </section>
      ) : null}
      {data.video ? (
        <video
          ref={video}
          controls
          preload="metadata"
          src={data.video.url}
          className="w-full rounded-lg bg-black"
          aria-label={t('viewer.videoLabel', { title: data.title, time: clock(data.video.time) })}
          data-testid="viewer-video"
          onLoadedMetadata={() => {
            if (video.current) video.current.currentTime = data.video!.start ?? data.video!.time;
          }}
        />
      ) : null}
      {data.image ? (
        <figure className="grid gap-1">
          {/* Boxes are placed in the page's own coordinates (left/top), whatever the reading direction. */}
          <div className="relative w-full overflow-hidden rounded-md border border-border bg-white shadow-sm" dir="ltr" data-testid="viewer-page">
            <img src={data.image} alt={t('viewer.imageAlt', { where, title: data.title })} className="block h-auto w-full" onLoad={scrollToFirst} data-testid="viewer-image" />
            {data.boxes.map((b, i) => (
              <span
                key={`${b.x}-${b.y}-${i}`}
                ref={i === 0 ? firstBox : undefined}
                aria-hidden
                data-testid="viewer-box"
                className="pointer-events-none absolute rounded-[2px] bg-amber-300/45 ring-2 ring-amber-500/80 mix-blend-multiply"
                style={{ left: pct(b.x), top: pct(b.y), width: pct(b.w), height: pct(b.h) }}
              />
            ))}
          </div>
          <figcaption className="text-xs text-muted-foreground">
            {data.boxes.length ? t('viewer.lit', { count: data.boxes.length }) : data.marks.length ? t('viewer.litInText') : t('viewer.notLit')}
          </figcaption>
        </figure>
      ) : null}
    </article>
  );
}
