import { FileText, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { focusAfter } from '../../../lib/focus-after';
import { sortById } from '../../../lib/format';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments } from '../api/get-documents';
import { useRetryDocument } from '../api/retry-document';
import { DocumentCard } from './document-card';
import { EditDocumentDialog } from './edit-document-dialog';

/** Documents as a card grid. `viewSwitch` and `table` let the caller offer the generic content table. */
export function DocumentsPage({ onUpload, viewSwitch, table, cardExtras }: {
  onUpload: () => void; viewSwitch?: ReactNode; cardExtras?: (doc: Document) => ReactNode;
  /** The caller's table view; it gets the action that opens this page's edit dialog for a document id. */
  table?: (onEdit: (id: number) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const query = useDocuments();
  const del = useDeleteDocument();
  const retry = useRetryDocument();
  const [editing, setEditing] = useState<Document | null>(null);
  // After a card's Delete the focus goes to the next card's Edit (the deleted card is gone), not to the page body.
  const pendingFocus = useRef<{ before: number[]; acted: number; at: number } | null>(null);
  const listed = query.data ? sortById(query.data).map((d) => d.id).join(',') : '';
  useEffect(() => {
    const p = pendingFocus.current;
    if (!p || !query.data || query.dataUpdatedAt < p.at) return;
    pendingFocus.current = null;
    const next = focusAfter(p.before, [p.acted], listed ? listed.split(',').map(Number) : []);
    requestAnimationFrame(() => {
      const card = next === null ? null : document.querySelector<HTMLElement>(`[data-testid="document-card"][data-id="${next}"] button`);
      (card ?? document.querySelector<HTMLElement>('main button'))?.focus();
    });
  }, [listed, query.data, query.dataUpdatedAt]);
  const remove = (doc: Document) => {
    const before = listed ? listed.split(',').map(Number) : [];
    del.mutate(doc.id, {
      onSettled: () => {
        pendingFocus.current = { before, acted: doc.id, at: Date.now() };
        void query.refetch();
      },
    });
  };

  const uploadButton = (
    <Button onClick={onUpload}>
      <Upload aria-hidden />
      {t('documents.upload')}
    </Button>
  );

  let body: ReactNode;
  if (table) body = table((id) => setEditing(query.data?.find((d) => d.id === id) ?? null));
  else if (query.isPending) body = <SkeletonGrid />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState icon={FileText} title={t('documents.empty')} hint={t('documents.emptyHint')} action={uploadButton} />;
  else
    body = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sortById(query.data).map((doc) => (
          <DocumentCard
            key={doc.id}
            doc={doc}
            onEdit={() => setEditing(doc)}
            onDelete={() => {
              if (window.confirm(t('documents.confirmDelete', { title: doc.title }))) remove(doc);
            }}
            onRetry={() => retry.mutate(doc.id)}
            deleting={del.isPending && del.variables === doc.id}
            retrying={retry.isPending && retry.variables === doc.id}
            extras={cardExtras?.(doc)}
          />
        ))}
      </div>
    );

  return (
    <section>
      <PageHeader title={t('documents.title')} description={t('documents.subtitle')} actions={<>{viewSwitch}{uploadButton}</>} />
      {body}
      {editing ? <EditDocumentDialog document={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
