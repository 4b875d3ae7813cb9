import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoSubcategory } from '@core/foundation/types';
import { toast } from '../../../components/ui/use-toast';
import { useUploadVideo } from '../api/upload-video';

/** The video upload form: the file (video types only), speech, translation options, progress, and the checked submit. */
export function useVideoUploadForm(subcategory: VideoSubcategory, onClose: () => void) {
  const { t } = useTranslation();
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

  return {
    file, fileKey, chooseFile, hasSpeech, setHasSpeech, needsTranslation, setNeedsTranslation, targetLanguage, setTargetLanguage,
    description, setDescription, subtitles, setSubtitles, dub, setDub, progress, onSubmit, busy: upload.isPending,
  };
}

export type VideoUploadForm = ReturnType<typeof useVideoUploadForm>;
