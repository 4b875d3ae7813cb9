import { ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ReviewFilter } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { TableHeader } from '../../../components/table-parts';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody } from '../../../components/ui/table';
import { useApprove, useReview, useSetAccess } from '../api/review';
import { useFocusAfterReview, useSelection } from '../hooks/use-review-selection';
import { useAuth } from '../../auth/auth-provider';
import { canEdit, canReview } from '../../auth/api/get-me';
import { ReplaceFileDialog } from '../../versions/components/replace-file-dialog';
import { RejectDialog } from './reject-dialog';
import { ReviewRow } from './review-row';
import { ReviewBulkBar, ReviewFilters } from './review-toolbar';

/** The review queue: what waits for approval (the dashboard's Pending Approvals card opens it), and every other review state. */
export function ReviewPage({ initialFilter = 'pending' }: { initialFilter?: ReviewFilter }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReviewFilter>(initialFilter);
  const { selected, setSelected, toggle, clear } = useSelection();
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
  const acted = useFocusAfterReview(items, query.dataUpdatedAt);
  const approveIds = (ids: number[]) => approve.mutate(ids, { onSuccess: () => { acted(ids); clear(); } });
  const setAudience = (audience: 'staff' | 'public') => {
    const ids = chosen.map((i) => i.id);
    access.mutate({ ids, audience }, { onSuccess: () => { acted(ids); clear(); } });
  };
  const columns = [t('review.select'), t('content.title'), t('content.status'), t('review.review'), t('review.decidedBy')];

  return (
    <section data-testid="review-page">
      <PageHeader title={t('review.title')} description={t('review.subtitle')} />
      <ReviewFilters filter={filter} onChange={(f) => { setFilter(f); clear(); }} />
      {/* The bulk actions come first, right after Select all: Tab, Space, Tab, Enter approves everything listed. */}
      <ReviewBulkBar
        listed={items.length} chosen={chosen.length} allChosen={allChosen} mayReview={mayReview}
        approving={approve.isPending} settingAccess={access.isPending}
        onSelectAll={() => setSelected(allChosen ? new Set() : new Set(items.map((i) => i.id)))}
        onApprove={() => approveIds(chosen.map((i) => i.id))}
        onReject={() => setRejecting(chosen)}
        onAudience={setAudience}
      />
      {query.isPending ? <SkeletonRows /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : items.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t(`review.empty.${filter}`)} hint={t('review.emptyHint')} />
      ) : (
        <Table data-testid="review-table">
          <TableHeader columns={columns} actions={t('content.actions')} stickyActions />
          <TBody>
            {items.map((item) => (
              <ReviewRow
                key={item.id} item={item} columns={columns} checked={selected.has(item.id)} onToggle={() => toggle(item.id)}
                mayReview={mayReview} mayEdit={mayEdit}
                onApprove={() => approveIds([item.id])} onReject={() => setRejecting([item])} onReplace={() => setReplacing(item)}
              />
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
