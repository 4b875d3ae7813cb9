import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ItemVersion } from '@core/foundation/types';
import { ErrorState } from '../../../components/error-state';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { formatBytes, formatDate } from '../../../lib/format';
import { isolate } from '../../../lib/messages';
import { useRestoreVersion, useVersions } from '../api/versions';

const TONE: Record<ItemVersion['state'], BadgeTone> = { live: 'green', pending: 'amber', superseded: 'gray', rejected: 'red', failed: 'red' };

/**
 * The versions of an item's file, newest first, each with its state and who
 * made it; an earlier one has Restore: it comes back as a new version,
 * processed and reviewed like a replacement (the live one stays until then).
 */
export function VersionsDialog({ item, mayRestore, onClose }: { item: ContentItem; mayRestore: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useVersions(item.id);
  const restore = useRestoreVersion();
  const versions = [...(query.data ?? [])].reverse();
  const busy = versions.some((v) => v.state === 'pending');
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('versions.listOf', { title: isolate(item.title) })} description={t('versions.listHint')} className="max-w-2xl">
      {query.isPending ? <SkeletonRows /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : (
        <>
          {versions.length <= 1 ? <p className="text-sm text-muted-foreground">{t('versions.none')}</p> : null}
          <ol className="grid gap-2" data-testid="version-list" aria-label={t('versions.list')}>
            {versions.map((v) => (
              <li key={v.n} className="flex items-center gap-3 rounded-lg border border-border p-3" data-testid="version-item" data-n={v.n} data-state={v.state}>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{t('versions.version', { n: v.n })}</span>
                    <Badge tone={TONE[v.state]}>{t(`versions.states.${v.state}`)}</Badge>
                  </div>
                  <span className="truncate text-xs text-muted-foreground" title={v.fileName}>
                    <bdi data-user-content="">{v.fileName}</bdi> · <bdi>{formatBytes(v.fileSize)}</bdi>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {/* Who made it is their own name (marked as such); the sentence around it is the reader's language. */}
                    {t('versions.madeBy', { who: '\u0000', when: isolate(formatDate(v.createdAt)) }).split('\u0000').map((part, i) => (
                      <span key={i}>{i > 0 ? <bdi data-user-content="">{v.createdBy}</bdi> : null}{part}</span>
                    ))}
                    {v.restoredFrom ? ` · ${t('versions.restoredFrom', { n: v.restoredFrom })}` : ''}
                  </span>
                </div>
                {mayRestore && v.state !== 'live' && v.state !== 'pending' && v.state !== 'failed' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy || restore.isPending}
                    aria-label={t('versions.restoreNamed', { n: v.n })}
                    data-testid="version-restore"
                    onClick={() => restore.mutate({ id: item.id, n: v.n }, {
                      onSuccess: () => toast({ title: t('common.success'), description: t('versions.restored', { n: v.n }) }),
                    })}
                  >
                    <RotateCcw aria-hidden />
                    {t('versions.restore')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </Dialog>
  );
}

