import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@core/foundation/types';
import { Dialog } from '../../../components/ui/dialog';
import { UploadActions, UploadProgress } from '../../../components/upload-form-parts';
import { ACCEPT } from '../../../config/constants';
import { useUploadForm } from '../hooks/use-upload-form';
import type { UploadContentType } from '../upload-form-state';
import { UploadFileFields, UploadOptionFields } from './upload-fields';

/**
 * Upload dialog for documents, presentations and other content (spec section 2).
 * `categories` comes from the caller (the categories feature owns that endpoint).
 */
export function UploadDialog({
  open,
  onOpenChange,
  contentType = 'document',
  allowTypeChange = false,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentType?: UploadContentType;
  allowTypeChange?: boolean;
  categories: Category[] | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const f = useUploadForm(contentType, onOpenChange);
  const { form, busy } = f;
  const accept = form.type === 'presentation' ? ACCEPT.presentation : form.type === 'document' ? ACCEPT.document : ACCEPT.other;
  const titleKey = form.type === 'presentation' ? 'upload.titlePresentation' : form.type === 'document' ? 'upload.titleDocument' : 'upload.titleContent';

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) f.reset();
        onOpenChange(o);
      }}
      title={t(titleKey)}
      description={t('upload.description')}
    >
      <form onSubmit={f.onSubmit} className="grid gap-4" aria-busy={busy} noValidate>
        <UploadFileFields id={id} f={f} accept={accept} allowTypeChange={allowTypeChange} categories={categories} />
        <UploadOptionFields id={id} f={f} />
        <UploadProgress progress={f.progress} />
        <UploadActions onCancel={() => onOpenChange(false)} busy={busy} submitLabel={t('upload.submit')} />
      </form>
    </Dialog>
  );
}
