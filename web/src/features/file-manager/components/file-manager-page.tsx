import { FileStack, Folder, HardDrive } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredObject } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { TableHeader } from '../../../components/table-parts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody } from '../../../components/ui/table';
import { formatBytes } from '../../../lib/format';
import { useDeleteFile } from '../api/delete-file';
import { useDownloadFile } from '../api/download-file';
import { useFiles } from '../api/get-files';
import { useStorageStats } from '../api/get-stats';
import { useFileFilter } from '../hooks/use-file-filter';
import { FileFilters, FileRow, StatCard } from './file-manager-parts';

/** File System Manager: browse, search, download and delete stored objects. */
export function FileManagerPage() {
  const { t } = useTranslation();
  const id = useId();
  const files = useFiles();
  const stats = useStorageStats();
  const download = useDownloadFile();
  const [search, setSearch] = useState('');
  const [folder, setFolder] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<StoredObject | null>(null);
  const del = useDeleteFile(() => setToDelete(null));
  const { folderCounts, shown } = useFileFilter(files.data, search, folder);
  const folderCount = stats.data ? Object.keys(stats.data.folderCounts).length : folderCounts.length;
  const filtered = search || folder !== null;

  return (
    <section>
      <PageHeader title={t('files.title')} description={t('files.subtitle')} />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard icon={<FileStack className="size-5" aria-hidden />} label={t('files.totalFiles')} value={String(stats.data?.totalFiles ?? files.data?.length ?? 0)} loading={stats.isPending && files.isPending} />
        <StatCard icon={<HardDrive className="size-5" aria-hidden />} label={t('files.totalSize')} value={<Ltr>{formatBytes(stats.data?.totalSize ?? 0)}</Ltr>} loading={stats.isPending} />
        <StatCard icon={<Folder className="size-5" aria-hidden />} label={t('files.folders')} value={String(folderCount)} loading={stats.isPending && files.isPending} />
      </div>
      <FileFilters id={id} search={search} onSearch={setSearch} folder={folder} onFolder={setFolder} total={files.data?.length ?? 0} folderCounts={folderCounts} />
      {files.isPending ? (
        <SkeletonRows count={6} />
      ) : files.isError ? (
        <ErrorState error={files.error} onRetry={() => void files.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={HardDrive} title={filtered ? t('files.noMatches') : t('files.empty')} hint={filtered ? t('files.noMatchesHint') : t('files.emptyHint')} />
      ) : (
        <Table data-testid="files-table">
          <TableHeader columns={[t('files.key'), t('files.lastModified'), t('files.size'), t('files.storageClass')]} actions={t('files.actions')} />
          <TBody>
            {shown.map((f) => <FileRow key={f.key} f={f} download={download} onDelete={() => setToDelete(f)} />)}
          </TBody>
        </Table>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && !del.isPending && setToDelete(null)}
        title={t('files.confirmDeleteTitle')}
        description={t('files.confirmDelete', { key: toDelete?.key ?? '' })}
        confirmLabel={t('common.delete')}
        pending={del.isPending}
        onConfirm={() => toDelete && del.mutate(toDelete.key)}
      />
    </section>
  );
}
