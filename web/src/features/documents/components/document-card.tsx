import { Calendar, FileText, Languages, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@core/foundation/types';
import { JobCardHeading, JobDeleteButton, JobMeta, JobProgress, JobRetryButton, JobStatusRow } from '../../../components/job-card';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDate, languageLabel } from '../../../lib/format';
import { Ltr } from '../../../components/ltr';

export function DocumentCard({
  doc,
  onEdit,
  onDelete,
  onRetry,
  deleting,
  retrying,
  extras,
}: {
  doc: Document;
  onEdit: () => void;
  onDelete: () => void;
  onRetry: () => void;
  deleting: boolean;
  retrying: boolean;
  /** Given by the app: the document's translations and the Translate action. */
  extras?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="flex flex-col p-5" data-testid="document-card" data-id={doc.id}>
      <JobCardHeading icon={FileText} iconClassName="bg-blue-50 text-brand" title={doc.title} fileName={doc.fileName} titleTestId="document-title" />
      <JobStatusRow status={doc.status} fileSize={doc.fileSize} review={doc} />
      {doc.description ? <p className="mb-3 line-clamp-2 text-sm text-muted-foreground">{doc.description}</p> : null}
      <JobProgress status={doc.status} progress={doc.progress} step={doc.step} stepCode={doc.stepCode} error={doc.error} errorCode={doc.errorCode} notice={doc.notice} noticeCode={doc.noticeCode} />
      <dl className="mb-4 grid grid-cols-2 gap-2 text-xs text-muted-foreground">
        <JobMeta icon={Calendar} label={t('common.created')}>
          <Ltr>{formatDate(doc.createdAt)}</Ltr>
        </JobMeta>
        <JobMeta icon={Languages} label={t('documents.fieldSourceLanguage')}>
          {languageLabel(doc.sourceLanguage, i18n.language) ?? t('common.notSpecified')}
          {doc.languageto ? ` → ${t(`languages.${doc.languageto}`, { defaultValue: languageLabel(doc.languageto, i18n.language) ?? doc.languageto })}` : ''}
        </JobMeta>
        {doc.pageCount ? (
          <JobMeta label={t('documents.pages')} className="col-span-2">
            {t('documents.pageSummary', { pages: doc.pageCount, images: doc.imageCount })}
          </JobMeta>
        ) : null}
      </dl>
      {extras}
      <div className="mt-auto flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('documents.editNamed', { title: doc.title })}>
          <Pencil aria-hidden />
          {t('common.edit')}
        </Button>
        {doc.status === 'failed' ? <JobRetryButton onClick={onRetry} retrying={retrying} label={t('documents.retryNamed', { title: doc.title })} /> : null}
        <JobDeleteButton onClick={onDelete} deleting={deleting} label={t('documents.deleteNamed', { title: doc.title })} />
      </div>
    </Card>
  );
}
