import { Download, Folder, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredObject } from '@core/foundation/types';
import { Ltr } from '../../../components/ltr';
import { DeleteIconButton } from '../../../components/table-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { TD, TR } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatBytes, formatDate } from '../../../lib/format';
import type { useDownloadFile } from '../api/download-file';
import { FileIcon } from './file-icon';

export function StatCard({ icon, label, value, loading }: { icon: ReactNode; label: string; value: ReactNode; loading: boolean }) {
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

/** The search box and the folder filter (All, then each folder with its count). */
export function FileFilters({ id, search, onSearch, folder, onFolder, total, folderCounts }: {
  id: string; search: string; onSearch: (q: string) => void; folder: string | null; onFolder: (f: string | null) => void;
  total: number; folderCounts: [string, number][];
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative lg:w-80">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('files.search')}
        </label>
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input id={`${id}-search`} type="search" value={search} onChange={(e) => onSearch(e.target.value)} placeholder={t('files.searchPlaceholder')} className="ps-9" />
      </div>
      <div role="group" aria-label={t('files.folderFilter')} className="flex flex-wrap gap-2">
        <FolderButton active={folder === null} onClick={() => onFolder(null)} label={t('files.allFolders')} count={total} />
        {folderCounts.map(([name, count]) => (
          <FolderButton key={name || '(root)'} active={folder === name} onClick={() => onFolder(name)} label={name || t('files.root')} count={count} />
        ))}
      </div>
    </div>
  );
}

/** One stored object: its key, date, size, storage class, Download and Delete. */
export function FileRow({ f, download, onDelete }: { f: StoredObject; download: ReturnType<typeof useDownloadFile>; onDelete: () => void }) {
  const { t } = useTranslation();
  const downloading = download.isPending && download.variables === f.key;
  return (
    <TR data-key={f.key}>
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
            disabled={downloading}
            onClick={() => download.mutate(f.key)}
          >
            {downloading ? <Spinner /> : <Download aria-hidden />}
          </Button>
          <DeleteIconButton label={t('files.deleteNamed', { key: f.key })} onClick={onDelete} />
        </div>
      </TD>
    </TR>
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
