import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/use-toast';
import { useUploadContent } from '../api/upload-content';
import { initialUploadState, type UploadContentType, type UploadFormState } from '../upload-form-state';

/** The upload dialog's form: its fields, the file chosen, the upload's progress, and the submit that checks them. */
export function useUploadForm(contentType: UploadContentType, onOpenChange: (open: boolean) => void) {
  const { t } = useTranslation();
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

  /** A new type: the file chosen no longer fits its accept list. */
  const changeType = (type: UploadContentType) => {
    set('type', type);
    setFile(null);
    setFileKey((k) => k + 1);
  };

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

  return { form, setForm, set, file, setFile, fileKey, progress, reset, changeType, onSubmit, busy: upload.isPending };
}

export type UploadForm = ReturnType<typeof useUploadForm>;
