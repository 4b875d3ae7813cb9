import { RotateCcw, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coded, ContentItem, ItemStatus } from '@core/foundation/types';
import { useMonotonicProgress } from '../lib/monotonic-progress';
import { cn } from '../lib/cn';
import { formatBytes } from '../lib/format';
import { Ltr } from './ltr';
import { ServerMessage } from './server-message';
import { ReviewBadge } from './review-badge';
import { StatusBadge } from './status-badge';
import { Button, DESTRUCTIVE_GHOST } from './ui/button';
import { Progress } from './ui/progress';
import { Spinner } from './ui/spinner';

/** Pieces of the cards for processed uploads (documents, presentations): heading, status, progress, metadata, actions. */

const RUNNING = new Set<string>(['pending', 'processing', 'extracting', 'analyzing', 'converting']);

/** True while the item is still being processed. */
export const isRunning = (status: string) => RUNNING.has(status);

export function JobCardHeading({
  icon: Icon,
  iconClassName,
  title,
  fileName,
  titleTestId,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  fileName: string;
  titleTestId?: string;
}) {
  return (
    <div className="mb-3 flex items-start gap-3">
      <div className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', iconClassName)}>
        <Icon className="size-5" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 break-words font-semibold leading-snug" title={title} data-testid={titleTestId}>
          {title}
        </h3>
        <p className="truncate text-xs text-muted-foreground" title={fileName}>
          {fileName}
        </p>
      </div>
    </div>
  );
}

export function JobStatusRow({ status, fileSize, review }: { status: ItemStatus; fileSize: number; review?: Pick<ContentItem, 'review' | 'audience' | 'visibility'> }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <StatusBadge status={status} />
      {review ? <ReviewBadge item={review} /> : null}
      <span className="text-xs text-muted-foreground">
        <Ltr>{formatBytes(fileSize)}</Ltr>
      </span>
    </div>
  );
}

/** Progress bar and step while running or failed, then the failure reason; a completed item's warnings and note (e.g. nothing searchable). */
export function JobProgress({ status, progress, step, stepCode, error, errorCode, notice, noticeCode }: {
  status: ItemStatus;
  progress: number;
  step: string | null | undefined;
  stepCode?: Coded | null;
  error: string | null | undefined;
  errorCode?: Coded | null;
  notice?: string | null;
  noticeCode?: Coded | null;
}) {
  const { t } = useTranslation();
  const failed = status === 'failed';
  // Never backwards while the item is processed (one job's end, the next job's start).
  const shown = useMonotonicProgress(progress, isRunning(status));
  return (
    <>
      {isRunning(status) || failed ? (
        <div className="mb-3 grid gap-1.5">
          <Progress value={shown} label={t('documents.progress')} barClassName={failed ? 'bg-destructive' : undefined} />
          <div className="flex justify-between gap-2 text-xs text-muted-foreground">
            <ServerMessage className="min-w-0 truncate" coded={stepCode} text={step} fallback={t(`status.${status}`)} />
            <span>{Math.round(shown)}%</span>
          </div>
        </div>
      ) : null}
      {failed && (error || errorCode) ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-xs text-red-800 break-words">
          <ServerMessage coded={errorCode} text={error} />
        </p>
      ) : null}
      {status === 'completed' && stepCode?.code === 'completed_with_warnings' ? (
        <p dir="auto" className="mb-3 rounded-md bg-amber-50 p-2 text-xs text-amber-900 break-words" data-testid="item-warnings">
          <ServerMessage coded={stepCode} text={step} />
        </p>
      ) : null}
      {status === 'completed' && notice ? (
        <p dir="auto" className="mb-3 rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid="item-notice">
          <ServerMessage coded={noticeCode} text={notice} />
        </p>
      ) : null}
    </>
  );
}

/** One entry of the card's metadata list; the label is for screen readers only. */
export function JobMeta({ icon: Icon, label, className, children }: { icon?: LucideIcon; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ?? 'flex items-center gap-1.5'}>
      {Icon ? <Icon className="size-3.5" aria-hidden /> : null}
      <dt className="sr-only">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function JobRetryButton({ onClick, retrying, label }: { onClick: () => void; retrying: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={retrying} aria-label={label}>
      {retrying ? <Spinner /> : <RotateCcw aria-hidden />}
      {t('common.retry')}
    </Button>
  );
}

export function JobDeleteButton({ onClick, deleting, label }: { onClick: () => void; deleting: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" className={cn('ms-auto', DESTRUCTIVE_GHOST)} onClick={onClick} disabled={deleting} aria-label={label}>
      {deleting ? <Spinner /> : <Trash2 aria-hidden />}
      {t('common.delete')}
    </Button>
  );
}
