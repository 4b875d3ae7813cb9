import { Check, Download, Inbox, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandoffRequest } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { exportRequest, useRequestActions, useRequests } from '../api/requests';

const FILTERS = ['open', 'handled', 'all'] as const;
type Filter = (typeof FILTERS)[number];

function RequestCard({ r }: { r: HandoffRequest }) {
  const { t } = useTranslation();
  const actions = useRequestActions();
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="request-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold" dir="auto">{r.name}</span>
            <Badge tone={r.status === 'open' ? 'amber' : 'green'}>{t(`requests.status.${r.status}`)}</Badge>
            <Badge tone="gray">{t(`requests.channel.${r.channel}`)}</Badge>
          </p>
          <p className="mt-1 text-sm" dir="ltr">
            {[r.email, r.phone].filter(Boolean).map((c) => <span key={c} className="me-3 inline-block">{c}</span>)}
          </p>
          <p className="mt-2 text-sm" dir="auto">{r.question}</p>
          <p className="mt-1 text-xs text-muted-foreground" dir="ltr">{r.createdAt.replace('T', ' ').slice(0, 16)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => actions.handled.mutate({ id: r.id, handled: r.status === 'open' })}>
            {r.status === 'open' ? <Check aria-hidden /> : <RotateCcw aria-hidden />}
            {r.status === 'open' ? t('requests.markHandled') : t('requests.reopen')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void exportRequest(r.id)} aria-label={`${t('requests.export')}: ${r.name}`}><Download aria-hidden />{t('requests.export')}</Button>
          <Button size="sm" variant="outline" onClick={() => { if (window.confirm(t('requests.confirmDelete', { name: r.name }))) actions.remove.mutate(r.id); }} aria-label={`${t('requests.delete')}: ${r.name}`}>
            <Trash2 aria-hidden />{t('requests.delete')}
          </Button>
        </div>
      </div>
      <button type="button" className="mt-2 text-xs font-medium text-brand underline-offset-2 hover:underline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('requests.hideConversation') : t('requests.showConversation', { count: r.conversation.length })}
      </button>
      {open ? (
        <ol className="mt-2 flex flex-col gap-1 border-s-2 border-border ps-3 text-sm">
          {r.conversation.map((m, i) => (
            <li key={i} dir="auto"><span className="font-medium">{m.role === 'user' ? t('chat.you') : t('chat.assistant')}:</span> <span className="whitespace-pre-wrap">{m.text}</span></li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** Requests: visitors who asked to be contacted by a person (from /chat and the widget). */
export function RequestsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('open');
  const query = useRequests(filter === 'all' ? undefined : filter);
  return (
    <section data-testid="requests-page">
      <PageHeader title={t('requests.title')} description={t('requests.subtitle')} />
      <div role="group" aria-label={t('requests.filter')} className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button key={f} size="sm" variant={filter === f ? 'default' : 'outline'} aria-pressed={filter === f} onClick={() => setFilter(f)}>{t(`requests.filters.${f}`)}</Button>
        ))}
      </div>
      {query.isPending ? <SkeletonRows /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : query.data.length === 0 ? (
        <EmptyState icon={Inbox} title={t('requests.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">{query.data.map((r) => <RequestCard key={r.id} r={r} />)}</ul>
      )}
    </section>
  );
}
