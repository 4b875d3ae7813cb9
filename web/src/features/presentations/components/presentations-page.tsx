import { Calendar, Download, Layers, Presentation as PresentationIcon, RotateCcw, Trash2, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presentation } from '../../../../../core/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatMB, sortById } from '../../../lib/format';
import { useDeletePresentation } from '../api/delete-presentation';
import { presentationDownloadUrl, usePresentations } from '../api/get-presentations';
import { useRetryPresentation } from '../api/retry-presentation';
import { Ltr } from '../../../components/ltr';

const RUNNING = new Set(['pending', 'processing', 'extracting', 'analyzing', 'converting']);

function PresentationCard({ p, onDelete, onRetry, deleting, retrying }: { p: Presentation; onDelete: () => void; onRetry: () => void; deleting: boolean; retrying: boolean }) {
  const { t } = useTranslation();
  const running = RUNNING.has(p.status);
  return (
    <Card className="flex flex-col p-5" data-testid="presentation-card">
      <div className="mb-3 flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-orange-50 text-orange-600">
          <PresentationIcon className="size-5" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 break-words font-semibold leading-snug" title={p.label}>
            {p.label}
          </h3>
          <p className="truncate text-xs text-muted-foreground" title={p.fileName}>
            {p.fileName}
          </p>
        </div>
      </div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <StatusBadge status={p.status} />
        <span className="text-xs text-muted-foreground">
          <Ltr>{formatMB(p.fileSize)}</Ltr>
        </span>
      </div>
      {running || p.status === 'failed' ? (
        <div className="mb-3 grid gap-1.5">
          <Progress value={p.progress} label={t('documents.progress')} barClassName={p.status === 'failed' ? 'bg-destructive' : undefined} />
          <div className="flex justify-between gap-2 text-xs text-muted-foreground">
            <span className="truncate">{p.step ?? t(`status.${p.status}`)}</span>
            <span>{Math.round(p.progress)}%</span>
          </div>
        </div>
      ) : null}
      {p.status === 'failed' && p.error ? <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-xs text-red-800">{p.error}</p> : null}
      <dl className="mb-4 grid grid-cols-2 gap-2 text-xs text-muted-foreground">
        <div className="flex items-center gap-1.5">
          <Layers className="size-3.5" aria-hidden />
          <dt className="sr-only">{t('presentations.slides')}</dt>
          <dd>{p.slideCount !== null ? t('presentations.slideCount', { count: p.slideCount }) : '—'}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Calendar className="size-3.5" aria-hidden />
          <dt className="sr-only">{t('common.created')}</dt>
          <dd>
            <Ltr>{formatDate(p.createdAt)}</Ltr>
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="sr-only">{t('presentations.languages')}</dt>
          <dd>
            {p.sourceLanguage ?? t('common.notSpecified')}
            {p.languageto ? ` → ${p.languageto}` : ''}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center gap-2">
        <a href={presentationDownloadUrl(p.id)} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')} aria-label={t('presentations.downloadNamed', { title: p.label })}>
          <Download aria-hidden />
          {t('common.download')}
        </a>
        {p.status === 'failed' ? (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            {retrying ? <Spinner /> : <RotateCcw aria-hidden />}
            {t('common.retry')}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="ms-auto text-destructive hover:bg-red-50 hover:text-destructive"
          onClick={onDelete}
          disabled={deleting}
          aria-label={t('presentations.deleteNamed', { title: p.label })}
        >
          {deleting ? <Spinner /> : <Trash2 aria-hidden />}
          {t('common.delete')}
        </Button>
      </div>
    </Card>
  );
}

export function PresentationsPage({ onUpload, viewSwitch, table }: { onUpload: () => void; viewSwitch?: ReactNode; table?: ReactNode }) {
  const { t } = useTranslation();
  const query = usePresentations();
  const del = useDeletePresentation();
  const retry = useRetryPresentation();
  const uploadButton = (
    <Button onClick={onUpload}>
      <Upload aria-hidden />
      {t('presentations.upload')}
    </Button>
  );
  let body: ReactNode;
  if (table) body = table;
  else if (query.isPending) body = <SkeletonGrid />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState icon={PresentationIcon} title={t('presentations.empty')} hint={t('presentations.emptyHint')} action={uploadButton} />;
  else
    body = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sortById(query.data).map((p) => (
          <PresentationCard
            key={p.id}
            p={p}
            onDelete={() => {
              if (window.confirm(t('presentations.confirmDelete', { title: p.label }))) del.mutate(p.id);
            }}
            onRetry={() => retry.mutate(p.id)}
            deleting={del.isPending && del.variables === p.id}
            retrying={retry.isPending && retry.variables === p.id}
          />
        ))}
      </div>
    );
  return (
    <section>
      <PageHeader title={t('presentations.title')} description={t('presentations.subtitle')} actions={<>{viewSwitch}{uploadButton}</>} />
      {body}
    </section>
  );
}
