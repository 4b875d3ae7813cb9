import { useTranslation } from 'react-i18next';
import type { Category } from '@core/foundation/types';
import { FileDrop } from '../../../components/file-drop';
import { Ltr } from '../../../components/ltr';
import { LanguageSelect } from '../../../components/language-select';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { FormField, SwitchRow } from '../../../components/upload-form-parts';
import type { UploadForm } from '../hooks/use-upload-form';
import type { UploadContentType } from '../upload-form-state';

/** The type (when it may change), the file, its title, description and category. */
export function UploadFileFields({ id, f, accept, allowTypeChange, categories }: {
  id: string; f: UploadForm; accept: string; allowTypeChange: boolean; categories: Category[] | undefined;
}) {
  const { t } = useTranslation();
  const { form, set, busy } = f;
  return (
    <>
      {allowTypeChange ? (
        <FormField htmlFor={`${id}-type`} label={t('upload.contentType')}>
          <Select id={`${id}-type`} value={form.type} disabled={busy} onChange={(e) => f.changeType(e.target.value as UploadContentType)}>
            <option value="document">{t('upload.typeDocument')}</option>
            <option value="presentation">{t('upload.typePresentation')}</option>
            <option value="other">{t('upload.typeOther')}</option>
          </Select>
        </FormField>
      ) : null}
      <FormField htmlFor={`${id}-file`} label={t('upload.file')} required>
        <FileDrop
          key={f.fileKey}
          id={`${id}-file`}
          accept={accept}
          file={f.file}
          onFile={f.setFile}
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
    </>
  );
}

/** Translation on upload, approval on upload, the audience and the valid-until date. */
export function UploadOptionFields({ id, f }: { id: string; f: UploadForm }) {
  const { t } = useTranslation();
  const { form, set, setForm, busy } = f;
  return (
    <>
      <SwitchRow
        id={`${id}-tr`}
        label={t('upload.needsTranslation')}
        hint={t('upload.needsTranslationHint')}
        checked={form.needsTranslation}
        disabled={busy}
        onChange={(e) => setForm((s) => ({ ...s, needsTranslation: e.target.checked, targetLanguage: e.target.checked ? s.targetLanguage : '' }))}
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
    </>
  );
}
