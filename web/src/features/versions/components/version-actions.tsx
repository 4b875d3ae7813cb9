import { FileUp, History } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@core/foundation/types';
import type { RowMenuItem } from '../../../components/ui/row-menu';
import { useAuth } from '../../auth/auth-provider';
import { canEdit, canReview } from '../../auth/api/get-me';
import { ReplaceFileDialog } from './replace-file-dialog';
import { VersionsDialog } from './versions-dialog';

/**
 * "Versions" and "Replace file" for a content table's row menu, and the
 * dialogs they open (rendered once by the table's host).
 */
export function useVersionActions(resetKey?: string): { menu: (item: ContentItem) => RowMenuItem[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [replacing, setReplacing] = useState<ContentItem | null>(null);
  const [listing, setListing] = useState<ContentItem | null>(null);
  // Another screen: no dialog of the last one stays open.
  useEffect(() => {
    setReplacing(null);
    setListing(null);
  }, [resetKey]);
  const menu = (item: ContentItem): RowMenuItem[] => [
    { label: t('versions.list'), icon: <History aria-hidden />, onSelect: () => setListing(item) },
    ...(canEdit(user) && !item.archivedAt ? [{ label: t('versions.replace'), icon: <FileUp aria-hidden />, onSelect: () => setReplacing(item) }] : []),
  ];
  const dialogs = (
    <>
      {replacing ? <ReplaceFileDialog item={replacing} mayApprove={canReview(user)} onClose={() => setReplacing(null)} /> : null}
      {listing ? <VersionsDialog item={listing} mayRestore={canEdit(user)} onClose={() => setListing(null)} /> : null}
    </>
  );
  return { menu, dialogs };
}
