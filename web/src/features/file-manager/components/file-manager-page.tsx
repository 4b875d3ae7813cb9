import { Download, FileStack, Folder, HardDrive, Search } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredObject } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Skeleton, SkeletonRows } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { DeleteIconButton, TableHeader } from '../../../components/table-parts';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatBytes, formatDate } from '../../../lib/format';
import { useDeleteFile } from '../api/delete-file';
import { useDownloadFile } from '../api/download-file';
import { useFiles } from '../api/get-files';
import { useStorageStats } from '../api/get-stats';
import { FileIcon } from './file-icon';
import { Ltr } from '../../../components/ltr';

function StatCard({ icon, label, value, loading }: { icon: ReactNode; label: string; value: ReactNode; loading: boolean }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <div className="flex size-11 items-center justify-center rounded-lg bg-blue-50 text-brand">{icon}</div>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        {loading ? <Skeleton className="mt-1 h-7 w-16" /> : <p className="text-2xl font-bold tabular-nums">{value}</p>}
      </div>
    </Card>
  );
}

const folderOf = (key: string) => (key.includes('/') ? key.split('/')[0] : '');

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

  const folderCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const f of files.data ?? []) counts.set(folderOf(f.key), (counts.get(folderOf(f.key)) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [files.data]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (files.data ?? [])
      .filter((f) => folder === null || folderOf(f.key) === folder)
      .filter((f) => !q || f.key.toLowerCase().includes(q))
      .sort((a, b) => a.key.localeCompare(b.key));
  }, [files.data, search, folder]);

  const folderCount = stats.data ? Object.keys(stats.data.folderCounts).length : folderCounts.length;

  return (
    <section>
      <PageHeader title={t('files.title')} description={t('files.subtitle')} />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard icon={<FileStack className="size-5" aria-hidden />} label={t('files.totalFiles')} value={String(stats.data?.totalFiles ?? files.data?.length ?? 0)} loading={stats.isPending && files.isPending} />
        <StatCard icon={<HardDrive className="size-5" aria-hidden />} label={t('files.totalSize')} value={<Ltr>{formatBytes(stats.data?.totalSize ?? 0)}</Ltr>} loading={stats.isPending} />
        <StatCard icon={<Folder className="size-5" aria-hidden />} label={t('files.folders')} value={String(folderCount)} loading={stats.isPending && files.isPending} />
      </div>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative lg:w-80">
          <label htmlFor={`${id}-search`} className="sr-only">
            {t('files.search')}
          </label>
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('files.searchPlaceholder')} className="ps-9" />
        </div>
        <div role="group" aria-label={t('files.folderFilter')} className="flex flex-wrap gap-2">
          <FolderButton active={folder === null} onClick={() => setFolder(null)} label={t('files.allFolders')} count={files.data?.length ?? 0} />
          {folderCounts.map(([name, count]) => (
            <FolderButton key={name || '(root)'} active={folder === name} onClick={() => setFolder(name)} label={name || t('files.root')} count={count} />
          ))}
        </div>
      </div>
      {files.isPending ? (
        <SkeletonRows count={6} />
      ) : files.isError ? (
        <ErrorState error={files.error} onRetry={() => void files.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={HardDrive} title={search || folder !== null ? t('files.noMatches') : t('files.empty')} hint={search || folder !== null ? t('files.noMatchesHint') : t('files.emptyHint')} />
      ) : (
        <Table data-testid="files-table">
          <TableHeader columns={[t('files.key'), t('files.lastModified'), t('files.size'), t('files.storageClass')]} actions={t('files.actions')} />
          <TBody>
            {shown.map((f) => (
              <TR key={f.key} data-key={f.key}>
                <TD main>
                  <div className="flex min-w-0 items-center gap-3">
                    <FileIcon name={f.key} />
                    <span className="min-w-0 break-all font-mono text-xs" dir="ltr" translate="no">
                      {f.key}
                    </span>
                  </div>
                </TD>
                <TD className="whitespace-nowrap text-muted-foreground md:text-foreground">
                  <Ltr>{formatDate(f.lastModified)}</Ltr>
                </TD>
                <TD className="whitespace-nowrap tabular-nums">
                  <Ltr>{formatBytes(f.size)}</Ltr>
                </TD>
                <TD>
                  <Badge tone="outline" translate="no">{f.storageClass}</Badge>
                </TD>
                <TD actions>
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('files.downloadNamed', { key: f.key })}
                      title={t('common.download')}
                      disabled={download.isPending && download.variables === f.key}
                      onClick={() => download.mutate(f.key)}
                    >
                      {download.isPending && download.variables === f.key ? <Spinner /> : <Download aria-hidden />}
                    </Button>
                    <DeleteIconButton label={t('files.deleteNamed', { key: f.key })} onClick={() => setToDelete(f)} />
                  </div>
                </TD>
              </TR>
            ))}
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

function FolderButton({ active, onClick, label, count }: { active: boolean; onClick: () => void; label: string; count: number }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-accent',
      )}
    >
      <Folder className="size-3.5" aria-hidden />
      {/* Folder names are the store's own names (documents/, images/): shown as they are, never translated. */}
      <span translate="no" dir="ltr">{label}</span>
      <span className={cn('rounded-full px-1.5 text-xs tabular-nums', active ? 'bg-white/20' : 'bg-muted')}>{count}</span>
    </button>
  );
}
