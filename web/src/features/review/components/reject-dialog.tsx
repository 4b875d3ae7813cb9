import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@core/foundation/types';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useReject } from '../api/review';

/** A dialog asking why items are rejected (the note is kept with them and in the audit log). */
export function RejectDialog({ items, onClose }: { items: ContentItem[]; onClose: (done: boolean) => void }) {
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
