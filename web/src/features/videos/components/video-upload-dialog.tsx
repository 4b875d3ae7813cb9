import { Info } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoSubcategory } from '@core/foundation/types';
import { FileDrop } from '../../../components/file-drop';
import { Ltr } from '../../../components/ltr';
import { LanguageSelect } from '../../../components/language-select';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { FormField, SwitchRow, UploadActions, UploadProgress } from '../../../components/upload-form-parts';
import { ACCEPT } from '../../../config/constants';
import { useVideoUploadForm, type VideoUploadForm } from '../hooks/use-video-upload-form';

/** Shown once translation is asked for: the target language, soft or burned subtitles, dubbing. */
function TranslationFields({ id, f }: { id: string; f: VideoUploadForm }) {
  const { t } = useTranslation();
  const { busy } = f;
  return (
    <>
      <FormField htmlFor={`${id}-lang`} label={t('upload.targetLanguage')} required>
        <LanguageSelect id={`${id}-lang`} value={f.targetLanguage} onChange={(e) => f.setTargetLanguage(e.target.value)} aria-required disabled={busy} />
      </FormField>
      <FormField htmlFor={`${id}-subs`} label={t('videos.subtitles')}>
        <select
          id={`${id}-subs`}
          className="h-9 rounded-md border border-border bg-background px-2 text-sm"
          value={f.subtitles}
          onChange={(e) => f.setSubtitles(e.target.value === 'burned' ? 'burned' : 'soft')}
          disabled={busy}
        >
          <option value="soft">{t('videos.subtitlesSoft')}</option>
          <option value="burned">{t('videos.subtitlesBurned')}</option>
        </select>
      </FormField>
      <SwitchRow id={`${id}-dub`} label={t('videos.dub')} hint={t('videos.dubHint')} checked={f.dub} onChange={(e) => f.setDub(e.target.checked)} disabled={busy} />
    </>
  );
}

/** Video upload: MP4 only, hasSpeech, optional translation, guidance on length and processing time. */
export function VideoUploadDialog({ subcategory, title, onClose }: { subcategory: VideoSubcategory; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const f = useVideoUploadForm(subcategory, onClose);
  const { busy } = f;

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title={title} description={t('videos.uploadDescription')}>
      <form onSubmit={f.onSubmit} className="grid gap-4" noValidate aria-busy={busy}>
        <div className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900" data-testid="video-guidance">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{t('videos.guidance')}</p>
        </div>
        <FormField htmlFor={`${id}-file`} label={t('videos.file')} required>
          <FileDrop key={f.fileKey} id={`${id}-file`} accept={ACCEPT.video} file={f.file} onFile={f.chooseFile} required disabled={busy} hint={
              <>
                {t('upload.accepted')} <Ltr>.mp4</Ltr>
              </>
            } />
        </FormField>
        <FormField htmlFor={`${id}-desc`} label={t('upload.descriptionField')}>
          <Textarea id={`${id}-desc`} rows={2} value={f.description} onChange={(e) => f.setDescription(e.target.value)} disabled={busy} />
        </FormField>
        <SwitchRow id={`${id}-speech`} label={t('videos.hasSpeech')} hint={t('videos.hasSpeechHint')} checked={f.hasSpeech} onChange={(e) => f.setHasSpeech(e.target.checked)} disabled={busy} />
        <SwitchRow
          id={`${id}-tr`}
          label={t('upload.needsTranslation')}
          hint={t('videos.translationHint')}
          checked={f.needsTranslation}
          disabled={busy}
          onChange={(e) => {
            f.setNeedsTranslation(e.target.checked);
            if (!e.target.checked) f.setTargetLanguage('');
          }}
        />
        {f.needsTranslation ? <TranslationFields id={id} f={f} /> : null}
        <UploadProgress progress={f.progress} />
        <UploadActions onCancel={onClose} busy={busy} submitLabel={t('videos.uploadSubmit')} />
      </form>
    </Dialog>
  );
}
