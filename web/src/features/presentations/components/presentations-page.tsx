import { Calendar, Download, Layers, Presentation as PresentationIcon, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presentation } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { JobCardHeading, JobDeleteButton, JobMeta, JobProgress, JobRetryButton, JobStatusRow } from '../../../components/job-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { formatDate, languageLabel, sortById } from '../../../lib/format';
import { useDeletePresentation } from '../api/delete-presentation';
import { presentationDownloadUrl, usePresentations } from '../api/get-presentations';
import { useRetryPresentation } from '../api/retry-presentation';
import { Ltr } from '../../../components/ltr';

function PresentationCard({ p, onDelete, onRetry, deleting, retrying, extras }: {
  p: Presentation; onDelete: () => void; onRetry: () => void; deleting: boolean; retrying: boolean; extras?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="flex flex-col p-5" data-testid="presentation-card">
      <JobCardHeading icon={PresentationIcon} iconClassName="bg-orange-50 text-orange-600" title={p.label} fileName={p.fileName} />
      <JobStatusRow status={p.status} fileSize={p.fileSize} review={p} />
      <JobProgress status={p.status} progress={p.progress} step={p.step} stepCode={p.stepCode} error={p.error} errorCode={p.errorCode} notice={p.notice} noticeCode={p.noticeCode} />
      <dl className="mb-4 grid grid-cols-2 gap-2 text-xs text-muted-foreground">
        <JobMeta icon={Layers} label={t('presentations.slides')}>
          {p.slideCount !== null ? t('presentations.slideCount', { count: p.slideCount }) : '—'}
        </JobMeta>
        <JobMeta icon={Calendar} label={t('common.created')}>
          <Ltr>{formatDate(p.createdAt)}</Ltr>
        </JobMeta>
        <JobMeta label={t('presentations.languages')} className="col-span-2">
          {languageLabel(p.sourceLanguage, i18n.language) ?? t('common.notSpecified')}
          {p.languageto ? ` → ${t(`languages.${p.languageto}`, { defaultValue: p.languageto })}` : ''}
        </JobMeta>
      </dl>
      {extras}
      <div className="mt-auto flex items-center gap-2">
        <a href={presentationDownloadUrl(p.id)} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')} aria-label={t('presentations.downloadNamed', { title: p.label })}>
          <Download aria-hidden />
          {t('common.download')}
        </a>
        {p.status === 'failed' ? <JobRetryButton onClick={onRetry} retrying={retrying} /> : null}
        <JobDeleteButton onClick={onDelete} deleting={deleting} label={t('presentations.deleteNamed', { title: p.label })} />
      </div>
    </Card>
  );
}

export function PresentationsPage({ onUpload, viewSwitch, table, cardExtras }: {
  onUpload: () => void; viewSwitch?: ReactNode; table?: ReactNode; cardExtras?: (p: Presentation) => ReactNode;
}) {
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
            extras={cardExtras?.(p)}
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
