import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@core/foundation/types';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useUpdateDocument } from '../api/update-document';

/** Edit title, description and source language; Save is disabled while the title is blank. */
export function EditDocumentDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(document.title);
  const [description, setDescription] = useState(document.description ?? '');
  const [sourceLanguage, setSourceLanguage] = useState(document.sourceLanguage ?? '');
  const update = useUpdateDocument(onClose);
  const blank = title.trim() === '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (blank) return;
    update.mutate({ id: document.id, data: { title: title.trim(), description, sourceLanguage } });
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !update.isPending && onClose()} title={t('documents.editTitle')} description={t('documents.editDescription')}>
      <form onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>{t('documents.fieldTitle')}</Label>
          <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required aria-invalid={blank} />
          {blank ? <p className="text-xs text-destructive">{t('documents.titleRequired')}</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-desc`}>{t('documents.fieldDescription')}</Label>
          <Textarea id={`${id}-desc`} value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-lang`}>{t('documents.fieldSourceLanguage')}</Label>
          <Input id={`${id}-lang`} value={sourceLanguage} onChange={(e) => setSourceLanguage(e.target.value)} placeholder="en" />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={blank || update.isPending}>
            {update.isPending ? <Spinner /> : null}
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
