import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@core/foundation/types';
import { FileDrop } from '../../../components/file-drop';
import { Ltr } from '../../../components/ltr';
import { LanguageSelect } from '../../../components/language-select';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { FormField, SwitchRow, UploadActions, UploadProgress } from '../../../components/upload-form-parts';
import { toast } from '../../../components/ui/use-toast';
import { ACCEPT } from '../../../config/constants';
import { useUploadContent } from '../api/upload-content';
import { initialUploadState, type UploadContentType, type UploadFormState } from '../upload-form-state';

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
  const [form, setForm] = useState<UploadFormState>(() => initialUploadState(contentType));
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);

  const reset = () => {
    setForm(initialUploadState(contentType));
    setFile(null);
    setFileKey((k) => k + 1);
    setProgress(null);
  };

  const upload = useUploadContent({
    onProgress: (f) => setProgress(Math.round(f * 100)),
    onSuccess: () => {
      reset();
      onOpenChange(false);
    },
  });

  const set = <K extends keyof UploadFormState>(key: K, value: UploadFormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const accept = form.type === 'presentation' ? ACCEPT.presentation : form.type === 'document' ? ACCEPT.document : ACCEPT.other;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file || !form.type) {
      toast({ title: t('upload.validationError'), description: t('upload.selectFile'), variant: 'destructive' });
      return;
    }
    if (form.type !== 'presentation' && form.needsTranslation && !form.targetLanguage) {
      toast({ title: t('upload.validationError'), description: t('upload.selectTargetLanguage'), variant: 'destructive' });
      return;
    }
    setProgress(0);
    upload.mutate({ state: form, file }, { onError: () => setProgress(null) });
  };

  const busy = upload.isPending;
  const titleKey = form.type === 'presentation' ? 'upload.titlePresentation' : form.type === 'document' ? 'upload.titleDocument' : 'upload.titleContent';

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) reset();
        onOpenChange(o);
      }}
      title={t(titleKey)}
      description={t('upload.description')}
    >
      <form onSubmit={onSubmit} className="grid gap-4" aria-busy={busy} noValidate>
        {allowTypeChange ? (
          <FormField htmlFor={`${id}-type`} label={t('upload.contentType')}>
            <Select
              id={`${id}-type`}
              value={form.type}
              disabled={busy}
              onChange={(e) => {
                set('type', e.target.value as UploadContentType);
                setFile(null);
                setFileKey((k) => k + 1);
              }}
            >
              <option value="document">{t('upload.typeDocument')}</option>
              <option value="presentation">{t('upload.typePresentation')}</option>
              <option value="other">{t('upload.typeOther')}</option>
            </Select>
          </FormField>
        ) : null}
        <FormField htmlFor={`${id}-file`} label={t('upload.file')} required>
          <FileDrop
            key={fileKey}
            id={`${id}-file`}
            accept={accept}
            file={file}
            onFile={setFile}
            required
            disabled={busy}
            hint={
              <>
                {t('upload.accepted')} <Ltr>{accept.replaceAll(',', ', ')}</Ltr>
              </>
            }
          />
        </FormField>
        <FormField htmlFor={`${id}-title`} label={t('upload.titleField')}>
          <Input id={`${id}-title`} value={form.title} onChange={(e) => set('title', e.target.value)} placeholder={t('upload.titlePlaceholder')} disabled={busy} />
        </FormField>
        {form.type !== 'presentation' ? (
          <FormField htmlFor={`${id}-desc`} label={t('upload.descriptionField')}>
            <Textarea id={`${id}-desc`} value={form.description} onChange={(e) => set('description', e.target.value)} rows={2} disabled={busy} />
          </FormField>
        ) : null}
        <FormField htmlFor={`${id}-cat`} label={t('upload.category')}>
          <Select id={`${id}-cat`} value={form.category} onChange={(e) => set('category', e.target.value)} disabled={busy}>
            <option value="">{categories ? t('upload.noCategory') : t('common.loading')}</option>
            {(categories ?? []).filter((c) => c.isActive).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
        <SwitchRow
          id={`${id}-tr`}
          label={t('upload.needsTranslation')}
          hint={t('upload.needsTranslationHint')}
          checked={form.needsTranslation}
          disabled={busy}
          onChange={(e) => setForm((f) => ({ ...f, needsTranslation: e.target.checked, targetLanguage: e.target.checked ? f.targetLanguage : '' }))}
        />
        {form.needsTranslation ? (
          <FormField htmlFor={`${id}-lang`} label={t('upload.targetLanguage')} required>
            <LanguageSelect
              id={`${id}-lang`}
              value={form.targetLanguage}
              onChange={(e) => set('targetLanguage', e.target.value)}
              exclude={form.type === 'document' ? ['hebrew'] : []}
              aria-required
              disabled={busy}
            />
          </FormField>
        ) : null}
        <SwitchRow
          id={`${id}-approve`}
          label={t('review.onUpload')}
          hint={t('review.onUploadHint')}
          checked={form.approve}
          disabled={busy}
          onChange={(e) => set('approve', e.target.checked)}
        />
        <FormField htmlFor={`${id}-audience`} label={t('review.audience')}>
          <Select id={`${id}-audience`} value={form.audience} onChange={(e) => set('audience', e.target.value as 'public' | 'staff')} disabled={busy}>
            <option value="public">{t('review.audiencePublic')}</option>
            <option value="staff">{t('review.audienceStaff')}</option>
          </Select>
        </FormField>
        <FormField htmlFor={`${id}-valid`} label={t('review.validUntil')}>
          <Input id={`${id}-valid`} type="date" value={form.validUntil} onChange={(e) => set('validUntil', e.target.value)} disabled={busy} aria-describedby={`${id}-valid-hint`} />
          <p id={`${id}-valid-hint`} className="text-xs text-muted-foreground">{t('review.validUntilHint')}</p>
        </FormField>
        <UploadProgress progress={progress} />
        <UploadActions onCancel={() => onOpenChange(false)} busy={busy} submitLabel={t('upload.submit')} />
      </form>
    </Dialog>
  );
}
