import { Info } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoSubcategory } from '@core/foundation/types';
import { FileDrop } from '../../../components/file-drop';
import { Ltr } from '../../../components/ltr';
import { LanguageSelect } from '../../../components/language-select';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { FormField, SwitchRow, UploadActions, UploadProgress } from '../../../components/upload-form-parts';
import { toast } from '../../../components/ui/use-toast';
import { ACCEPT } from '../../../config/constants';
import { useUploadVideo } from '../api/upload-video';

/** Video upload: MP4 only, hasSpeech, optional translation, guidance on length and processing time. */
export function VideoUploadDialog({ subcategory, title, onClose }: { subcategory: VideoSubcategory; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [hasSpeech, setHasSpeech] = useState(true);
  const [needsTranslation, setNeedsTranslation] = useState(false);
  const [targetLanguage, setTargetLanguage] = useState('');
  const [description, setDescription] = useState('');
  const [subtitles, setSubtitles] = useState<'soft' | 'burned'>('soft');
  const [dub, setDub] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadVideo({ onProgress: (f) => setProgress(Math.round(f * 100)), onSuccess: onClose });

  const chooseFile = (f: File | null) => {
    if (f && !f.type.startsWith('video/')) {
      toast({ title: t('videos.invalidType'), description: t('videos.invalidTypeHint'), variant: 'destructive' });
      setFile(null);
      setFileKey((k) => k + 1);
      return;
    }
    setFile(f);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      toast({ title: t('videos.missingFile'), description: t('videos.missingFileHint'), variant: 'destructive' });
      return;
    }
    if (needsTranslation && !targetLanguage) {
      toast({ title: t('upload.validationError'), description: t('upload.selectTargetLanguage'), variant: 'destructive' });
      return;
    }
    setProgress(0);
    upload.mutate({ file, subcategory, needsTranslation, targetLanguage, hasSpeech, description, subtitles, dub }, { onError: () => setProgress(null) });
  };
  const busy = upload.isPending;

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title={title} description={t('videos.uploadDescription')}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-busy={busy}>
        <div className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900" data-testid="video-guidance">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{t('videos.guidance')}</p>
        </div>
        <FormField htmlFor={`${id}-file`} label={t('videos.file')} required>
          <FileDrop key={fileKey} id={`${id}-file`} accept={ACCEPT.video} file={file} onFile={chooseFile} required disabled={busy} hint={
              <>
                {t('upload.accepted')} <Ltr>.mp4</Ltr>
              </>
            } />
        </FormField>
        <FormField htmlFor={`${id}-desc`} label={t('upload.descriptionField')}>
          <Textarea id={`${id}-desc`} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} disabled={busy} />
        </FormField>
        <SwitchRow id={`${id}-speech`} label={t('videos.hasSpeech')} hint={t('videos.hasSpeechHint')} checked={hasSpeech} onChange={(e) => setHasSpeech(e.target.checked)} disabled={busy} />
        <SwitchRow
          id={`${id}-tr`}
          label={t('upload.needsTranslation')}
          hint={t('videos.translationHint')}
          checked={needsTranslation}
          disabled={busy}
          onChange={(e) => {
            setNeedsTranslation(e.target.checked);
            if (!e.target.checked) setTargetLanguage('');
          }}
        />
        {needsTranslation ? (
          <FormField htmlFor={`${id}-lang`} label={t('upload.targetLanguage')} required>
            <LanguageSelect id={`${id}-lang`} value={targetLanguage} onChange={(e) => setTargetLanguage(e.target.value)} aria-required disabled={busy} />
          </FormField>
        ) : null}
        {needsTranslation ? (
          <FormField htmlFor={`${id}-subs`} label={t('videos.subtitles')}>
            <select
              id={`${id}-subs`}
              className="h-9 rounded-md border border-border bg-background px-2 text-sm"
              value={subtitles}
              onChange={(e) => setSubtitles(e.target.value === 'burned' ? 'burned' : 'soft')}
              disabled={busy}
            >
              <option value="soft">{t('videos.subtitlesSoft')}</option>
              <option value="burned">{t('videos.subtitlesBurned')}</option>
            </select>
          </FormField>
        ) : null}
        {needsTranslation ? (
          <SwitchRow id={`${id}-dub`} label={t('videos.dub')} hint={t('videos.dubHint')} checked={dub} onChange={(e) => setDub(e.target.checked)} disabled={busy} />
        ) : null}
        <UploadProgress progress={progress} />
        <UploadActions onCancel={onClose} busy={busy} submitLabel={t('videos.uploadSubmit')} />
      </form>
    </Dialog>
  );
}
