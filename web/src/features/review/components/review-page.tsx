import { Check, FileUp, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_FILTERS, type ContentItem, type ReviewFilter } from '@core/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { ReviewBadge } from '../../../components/review-badge';
import { StatusBadge } from '../../../components/status-badge';
import { TableHeader } from '../../../components/table-parts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useApprove, useReject, useReview, useSetAccess } from '../api/review';
import { useAuth } from '../../auth/auth-provider';
import { canEdit, canReview } from '../../auth/api/get-me';
import { ReplaceFileDialog } from './replace-file-dialog';

/** A dialog asking why items are rejected (the note is kept with them and in the audit log). */
function RejectDialog({ items, onClose }: { items: ContentItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const reject = useReject();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('review.rejectTitle', { count: items.length })}
      description={items.length === 1 ? items[0].title : t('review.rejectMany', { count: items.length })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="destructive"
            disabled={reject.isPending}
            onClick={() => reject.mutate({ ids: items.map((i) => i.id), note }, { onSuccess: onClose })}
          >
            <X aria-hidden />
            {t('review.reject')}
          </Button>
        </>
      }
    >
      <label className="grid gap-1.5 text-sm font-medium">
        {t('review.note')}
        <textarea
          className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm font-normal focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          value={note}
          maxLength={2000}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('review.notePlaceholder')}
        />
      </label>
    </Dialog>
  );
}

/** The review queue: what waits for approval (the dashboard's Pending Approvals card opens it), and every other review state. */
export function ReviewPage({ initialFilter = 'pending' }: { initialFilter?: ReviewFilter }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReviewFilter>(initialFilter);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [rejecting, setRejecting] = useState<ContentItem[] | null>(null);
  const [replacing, setReplacing] = useState<ContentItem | null>(null);
  const { user } = useAuth();
  // Role-aware: an editor sees no Approve or Reject (the server refuses them anyway), a reviewer no Replace file.
  const mayReview = canReview(user);
  const mayEdit = canEdit(user);
  const query = useReview(filter);
  const approve = useApprove();
  const access = useSetAccess();
  const items = query.data ?? [];
  const chosen = items.filter((i) => selected.has(i.id));
  const allChosen = items.length > 0 && chosen.length === items.length;
  const toggle = (id: number) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const clear = () => setSelected(new Set());
  const columns = [t('review.select'), t('content.id'), t('content.title'), t('content.type'), t('content.status'), t('review.review'), t('review.validUntil'), t('review.decidedBy')];

  return (
    <section data-testid="review-page">
      <PageHeader title={t('review.title')} description={t('review.subtitle')} />
      <div role="group" aria-label={t('review.filter')} className="mb-4 flex flex-wrap gap-2">
        {REVIEW_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'default' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              clear();
            }}
          >
            {t(`review.filters.${f}`)}
          </Button>
        ))}
      </div>
      <div className="mb-3 flex min-h-9 flex-wrap items-center gap-2" aria-live="polite">
        <span className="text-sm text-muted-foreground" data-testid="review-selected">{t('review.selected', { count: chosen.length })}</span>
        {mayReview ? (
          <>
            <Button size="sm" disabled={chosen.length === 0 || approve.isPending} onClick={() => approve.mutate(chosen.map((i) => i.id), { onSuccess: clear })} data-testid="bulk-approve">
              <Check aria-hidden />
              {t('review.approveSelected')}
            </Button>
            <Button size="sm" variant="destructive" disabled={chosen.length === 0} onClick={() => setRejecting(chosen)} data-testid="bulk-reject">
              <X aria-hidden />
              {t('review.rejectSelected')}
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="outline" disabled={chosen.length === 0 || access.isPending} onClick={() => access.mutate({ ids: chosen.map((i) => i.id), audience: 'staff' }, { onSuccess: clear })}>
          {t('review.makeStaff')}
        </Button>
        <Button size="sm" variant="outline" disabled={chosen.length === 0 || access.isPending} onClick={() => access.mutate({ ids: chosen.map((i) => i.id), audience: 'public' }, { onSuccess: clear })}>
          {t('review.makePublic')}
        </Button>
      </div>
      {query.isPending ? <SkeletonRows /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : items.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t(`review.empty.${filter}`)} hint={t('review.emptyHint')} />
      ) : (
        <Table>
          <TableHeader columns={columns} actions={t('content.actions')} />
          <TBody>
            {items.map((item) => (
              <TR key={item.id} data-testid="review-row" data-id={item.id} className={cn(selected.has(item.id) && 'bg-accent/60')}>
                <TD label={columns[0]}>
                  <input
                    type="checkbox"
                    className="size-4 accent-[hsl(var(--primary))]"
                    checked={selected.has(item.id)}
                    onChange={() => toggle(item.id)}
                    aria-label={t('review.selectNamed', { title: item.title })}
                  />
                </TD>
                <TD label={columns[1]}>{item.id}</TD>
                <TD main>
                  <span className="block max-w-72 truncate font-medium" title={item.title}>{item.title}</span>
                  {item.pendingVersion ? (
                    <span className="block text-xs font-medium text-amber-700 dark:text-amber-400" data-testid="pending-version">{t('review.newVersion', { n: item.pendingVersion.n })}</span>
                  ) : null}
                  {item.archivedAt ? <span className="block text-xs text-muted-foreground">{t('review.archived')}</span> : null}
                  {item.reviewNote ? <span className="block max-w-72 truncate text-xs text-muted-foreground" title={item.reviewNote}>{item.reviewNote}</span> : null}
                </TD>
                <TD label={columns[3]} className="capitalize">{t(`review.types.${String(item.type)}`, { defaultValue: String(item.type) })}</TD>
                <TD label={columns[4]}><StatusBadge status={item.status} /></TD>
                <TD label={columns[5]}><ReviewBadge item={item} /></TD>
                <TD label={columns[6]} className="whitespace-nowrap">{item.validUntil ? formatDate(item.validUntil) : '—'}</TD>
                <TD label={columns[7]} className="whitespace-nowrap text-muted-foreground">
                  {item.reviewedBy ? `${item.reviewedBy}${item.reviewedAt ? ` · ${formatDate(item.reviewedAt)}` : ''}` : '—'}
                </TD>
                <TD actions>
                  <div className="flex justify-end gap-1">
                    {mayEdit && item.type !== 'content' && !item.archivedAt ? (
                      <Button size="sm" variant="outline" onClick={() => setReplacing(item)} aria-label={t('versions.replaceNamed', { title: item.title })} data-testid="replace-file-open">
                        <FileUp aria-hidden />
                        {t('versions.replace')}
                      </Button>
                    ) : null}
                    {mayReview && (item.review !== 'approved' || item.pendingVersion) ? (
                      <Button size="sm" variant="outline" onClick={() => approve.mutate([item.id])} aria-label={t('review.approveNamed', { title: item.title })}>
                        <Check aria-hidden />
                        {t('review.approve')}
                      </Button>
                    ) : null}
                    {mayReview && (item.review !== 'rejected' || item.pendingVersion) ? (
                      <Button size="sm" variant="outline" className="text-destructive" onClick={() => setRejecting([item])} aria-label={t('review.rejectNamed', { title: item.title })}>
                        <X aria-hidden />
                        {t('review.reject')}
                      </Button>
                    ) : null}
                  </div>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {items.length > 0 ? (
        <div className="mt-2">
          <Button size="sm" variant="ghost" onClick={() => setSelected(allChosen ? new Set() : new Set(items.map((i) => i.id)))} data-testid="select-all">
            {allChosen ? t('review.selectNone') : t('review.selectAll')}
          </Button>
        </div>
      ) : null}
      {replacing ? <ReplaceFileDialog item={replacing} mayApprove={mayReview} onClose={() => setReplacing(null)} /> : null}
      {rejecting ? <RejectDialog items={rejecting} onClose={() => { setRejecting(null); clear(); }} /> : null}
    </section>
  );
}
