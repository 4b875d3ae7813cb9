import { Check, FileUp, ShieldCheck, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_FILTERS, type ContentItem, type ReviewFilter } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { ReviewBadge } from '../../../components/review-badge';
import { StatusBadge } from '../../../components/status-badge';
import { STICKY_ACTIONS, TableHeader } from '../../../components/table-parts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useApprove, useReject, useReview, useSetAccess } from '../api/review';
import { useAuth } from '../../auth/auth-provider';
import { canEdit, canReview } from '../../auth/api/get-me';
import { focusAfter } from '../../../lib/focus-after';
import { ReplaceFileDialog } from '../../versions/components/replace-file-dialog';

/** A dialog asking why items are rejected (the note is kept with them and in the audit log). */
function RejectDialog({ items, onClose }: { items: ContentItem[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const reject = useReject();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose(false)}
      title={t('review.rejectTitle', { count: items.length })}
      description={items.length === 1 ? items[0].title : t('review.rejectMany', { count: items.length })}
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button
            variant="destructive"
            disabled={reject.isPending}
            onClick={() => reject.mutate({ ids: items.map((i) => i.id), note }, { onSuccess: () => onClose(true) })}
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

/** Focuses the first control (the checkbox) of a row of the review table. */
function focusRow(id: number | null) {
  const row = id === null ? null : document.querySelector<HTMLElement>(`[data-testid="review-row"][data-id="${id}"] input, [data-testid="review-row"][data-id="${id}"] button`);
  // No row left: Select all (when there are rows), else the filter shown.
  (row ?? document.querySelector<HTMLElement>('[data-testid="select-all"]:not(:disabled)') ?? document.querySelector<HTMLElement>('[data-testid="review-filters"] [aria-pressed="true"]'))?.focus();
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
  const items = useMemo(() => query.data ?? [], [query.data]);
  const chosen = items.filter((i) => selected.has(i.id));
  const allChosen = items.length > 0 && chosen.length === items.length;
  const toggle = (id: number) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const clear = () => setSelected(new Set());
  // After an action the focus goes back to the row, or to the next one when the row left the list (not to the page's body).
  const pendingFocus = useRef<{ before: number[]; acted: number[]; at: number } | null>(null);
  const acted = (ids: number[]) => {
    pendingFocus.current = { before: items.map((i) => i.id), acted: ids, at: Date.now() };
  };
  useEffect(() => {
    const p = pendingFocus.current;
    if (!p || query.dataUpdatedAt < p.at) return;
    pendingFocus.current = null;
    requestAnimationFrame(() => focusRow(focusAfter(p.before, p.acted, items.map((i) => i.id))));
  }, [items, query.dataUpdatedAt]);
  const approveIds = (ids: number[]) => approve.mutate(ids, { onSuccess: () => { acted(ids); clear(); } });
  const setAudience = (audience: 'staff' | 'public') => {
    const ids = chosen.map((i) => i.id);
    access.mutate({ ids, audience }, { onSuccess: () => { acted(ids); clear(); } });
  };
  const columns = [t('review.select'), t('content.title'), t('content.status'), t('review.review'), t('review.decidedBy')];

  return (
    <section data-testid="review-page">
      <PageHeader title={t('review.title')} description={t('review.subtitle')} />
      <div role="group" aria-label={t('review.filter')} className="mb-4 flex flex-wrap gap-2" data-testid="review-filters">
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
      {/* The bulk actions come first, right after Select all: Tab, Space, Tab, Enter approves everything listed. */}
      <div className="mb-3 flex min-h-9 flex-wrap items-center gap-2" role="group" aria-label={t('review.bulk')}>
        <Button
          size="sm"
          variant="outline"
          disabled={items.length === 0}
          aria-pressed={allChosen}
          onClick={() => setSelected(allChosen ? new Set() : new Set(items.map((i) => i.id)))}
          data-testid="select-all"
        >
          {allChosen ? t('review.selectNone') : t('review.selectAll')}
        </Button>
        {mayReview ? (
          <>
            <Button size="sm" disabled={chosen.length === 0 || approve.isPending} onClick={() => approveIds(chosen.map((i) => i.id))} data-testid="bulk-approve">
              <Check aria-hidden />
              {t('review.approveSelected')}
            </Button>
            <Button size="sm" variant="destructive" disabled={chosen.length === 0} onClick={() => setRejecting(chosen)} data-testid="bulk-reject">
              <X aria-hidden />
              {t('review.rejectSelected')}
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="outline" disabled={chosen.length === 0 || access.isPending} onClick={() => setAudience('staff')}>
          {t('review.makeStaff')}
        </Button>
        <Button size="sm" variant="outline" disabled={chosen.length === 0 || access.isPending} onClick={() => setAudience('public')}>
          {t('review.makePublic')}
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite" data-testid="review-selected">{t('review.selected', { count: chosen.length })}</span>
      </div>
      {query.isPending ? <SkeletonRows /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : items.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t(`review.empty.${filter}`)} hint={t('review.emptyHint')} />
      ) : (
        <Table data-testid="review-table">
          <TableHeader columns={columns} actions={t('content.actions')} stickyActions />
          <TBody>
            {items.map((item) => (
              <TR key={item.id} data-testid="review-row" data-id={item.id} className={cn('group', selected.has(item.id) && 'bg-accent/60')}>
                <TD label={columns[0]} className="w-10 pe-0">
                  <input
                    type="checkbox"
                    className="size-4 accent-[hsl(var(--primary))]"
                    checked={selected.has(item.id)}
                    onChange={() => toggle(item.id)}
                    aria-label={t('review.selectNamed', { title: item.title })}
                  />
                </TD>
                <TD main>
                  <span dir="auto" className="block max-w-60 truncate font-medium [text-align:match-parent]" title={item.title} data-testid="review-title">{item.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`review.types.${String(item.type)}`, { defaultValue: String(item.type) })} · {t('content.id')} <bdi>{item.id}</bdi>
                  </span>
                  {item.pendingVersion ? (
                    <span className="block text-xs font-medium text-amber-800 dark:text-amber-400" data-testid="pending-version">{t('review.newVersion', { n: item.pendingVersion.n })}</span>
                  ) : null}
                  {item.archivedAt ? <span className="block text-xs text-muted-foreground">{t('review.archived')}</span> : null}
                  {item.reviewNote ? <span dir="auto" className="block max-w-60 truncate text-xs text-muted-foreground [text-align:match-parent]" title={item.reviewNote}>{item.reviewNote}</span> : null}
                </TD>
                <TD label={columns[2]}><StatusBadge status={item.status} /></TD>
                <TD label={columns[3]}>
                  <ReviewBadge item={item} />
                  {item.validUntil ? <span className="mt-0.5 block whitespace-nowrap text-xs text-muted-foreground">{t('review.validUntil')}: {formatDate(item.validUntil)}</span> : null}
                </TD>
                <TD label={columns[4]} className="text-xs text-muted-foreground">
                  {item.reviewedBy ? <><bdi className="block" data-user-content="">{item.reviewedBy}</bdi>{item.reviewedAt ? <span className="block whitespace-nowrap">{formatDate(item.reviewedAt)}</span> : null}</> : '—'}
                </TD>
                <TD actions className={STICKY_ACTIONS}>
                  <div className="flex justify-end gap-1">
                    {mayReview && (item.review !== 'approved' || item.pendingVersion) ? (
                      <Button size="sm" variant="outline" onClick={() => approveIds([item.id])} aria-label={t('review.approveNamed', { title: item.title })}>
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
                    {mayEdit && item.type !== 'content' && !item.archivedAt ? (
                      <Button size="sm" variant="outline" onClick={() => setReplacing(item)} aria-label={t('versions.replaceNamed', { title: item.title })} data-testid="replace-file-open">
                        <FileUp aria-hidden />
                        {t('versions.replace')}
                      </Button>
                    ) : null}
                  </div>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {replacing ? <ReplaceFileDialog item={replacing} mayApprove={mayReview} onClose={() => setReplacing(null)} /> : null}
      {rejecting ? (
        <RejectDialog
          items={rejecting}
          onClose={(done) => {
            if (done) acted(rejecting.map((i) => i.id));
            setRejecting(null);
            if (done) clear();
          }}
        />
      ) : null}
    </section>
  );
}
