import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@core/foundation/types';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { useReplaceFile } from '../api/versions';

/**
 * "Replace file": a new version of an item's file (same id, same links). The
 * approved version stays public until the new one is processed and approved;
 * those who may approve can approve it here.
 */
export function ReplaceFileDialog({ item, mayApprove, onClose }: { item: ContentItem; mayApprove: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [approve, setApprove] = useState(false);
  const replace = useReplaceFile();
  const submit = () => {
    if (!file) return;
    replace.mutate({ id: item.id, file, approve: mayApprove && approve }, {
      onSuccess: (r) => {
        toast({ title: t('common.success'), description: t(approve && mayApprove ? 'versions.doneLive' : 'versions.done', { n: r.version.n }) });
        onClose();
      },
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('versions.title', { title: item.title })}
      description={t('versions.hint')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
          <Button disabled={!file || replace.isPending} onClick={submit} data-testid="replace-submit">
            <Upload aria-hidden />
            {t('versions.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <label className="grid gap-1.5 text-sm font-medium">
          {t('versions.file')}
          <input
            type="file"
            data-testid="replace-file"
            className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        {mayApprove ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-[hsl(var(--primary))]" checked={approve} onChange={(e) => setApprove(e.target.checked)} />
            {t('versions.approve')}
          </label>
        ) : null}
      </div>
    </Dialog>
  );
}
