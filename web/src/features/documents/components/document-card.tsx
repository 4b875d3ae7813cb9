import { Calendar, FileText, Languages, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../../core/types';
import { StatusBadge } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatMB } from '../../../lib/format';
import { Ltr } from '../../../components/ltr';

const RUNNING = new Set(['pending', 'processing', 'extracting', 'analyzing', 'converting']);

export function DocumentCard({
  doc,
  onEdit,
  onDelete,
  onRetry,
  deleting,
  retrying,
}: {
  doc: Document;
  onEdit: () => void;
  onDelete: () => void;
  onRetry: () => void;
  deleting: boolean;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const running = RUNNING.has(doc.status);
  return (
    <Card className="flex flex-col p-5" data-testid="document-card" data-id={doc.id}>
      <div className="mb-3 flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-brand">
          <FileText className="size-5" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 break-words font-semibold leading-snug" title={doc.title} data-testid="document-title">
            {doc.title}
          </h3>
          <p className="truncate text-xs text-muted-foreground" title={doc.fileName}>
            {doc.fileName}
          </p>
        </div>
      </div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <StatusBadge status={doc.status} />
        <span className="text-xs text-muted-foreground">
          <Ltr>{formatMB(doc.fileSize)}</Ltr>
        </span>
      </div>
      {doc.description ? <p className="mb-3 line-clamp-2 text-sm text-muted-foreground">{doc.description}</p> : null}
      {running || doc.status === 'failed' ? (
        <div className="mb-3 grid gap-1.5">
          <Progress value={doc.progress} label={t('documents.progress')} barClassName={doc.status === 'failed' ? 'bg-destructive' : undefined} />
          <div className="flex justify-between gap-2 text-xs text-muted-foreground">
            <span className="truncate">{doc.step ?? t(`status.${doc.status}`)}</span>
            <span>{Math.round(doc.progress)}%</span>
          </div>
        </div>
      ) : null}
      {doc.status === 'failed' && doc.error ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-xs text-red-800">
          {doc.error}
        </p>
      ) : null}
      <dl className="mb-4 grid grid-cols-2 gap-2 text-xs text-muted-foreground">
        <div className="flex items-center gap-1.5">
          <Calendar className="size-3.5" aria-hidden />
          <dt className="sr-only">{t('common.created')}</dt>
          <dd>
            <Ltr>{formatDate(doc.createdAt)}</Ltr>
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Languages className="size-3.5" aria-hidden />
          <dt className="sr-only">{t('documents.fieldSourceLanguage')}</dt>
          <dd>
            {doc.sourceLanguage ?? t('common.notSpecified')}
            {doc.languageto ? ` → ${doc.languageto}` : ''}
          </dd>
        </div>
        {doc.pageCount ? (
          <div className="col-span-2">
            <dt className="sr-only">{t('documents.pages')}</dt>
            <dd>{t('documents.pageSummary', { pages: doc.pageCount, images: doc.imageCount })}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-auto flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('documents.editNamed', { title: doc.title })}>
          <Pencil aria-hidden />
          {t('common.edit')}
        </Button>
        {doc.status === 'failed' ? (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-label={t('documents.retryNamed', { title: doc.title })}>
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
          aria-label={t('documents.deleteNamed', { title: doc.title })}
        >
          {deleting ? <Spinner /> : <Trash2 aria-hidden />}
          {t('common.delete')}
        </Button>
      </div>
    </Card>
  );
}
