import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContent } from './create-content';
import { refreshAfterUpload } from './invalidate';
import { uploadDocument } from './upload-document';
import { uploadPresentation } from './upload-presentation';
import type { UploadFormState } from '../upload-form-state';

export interface UploadContentInput {
  state: UploadFormState;
  file: File;
}

/**
 * The upload dialog's mutation: documents and presentations go up as
 * multipart with progress; any other type posts the form state as JSON.
 */
export function useUploadContent(opts: { onProgress: (fraction: number) => void; onSuccess: () => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ state, file }: UploadContentInput) => {
      if (state.type === 'document') {
        return uploadDocument(
          {
            file,
            title: state.title,
            description: state.description,
            status: 'pending',
            needsTranslation: state.needsTranslation,
            targetLanguage: state.targetLanguage,
            categoryId: state.category ? Number(state.category) : null,
          },
          opts.onProgress,
        );
      }
      if (state.type === 'presentation') {
        return uploadPresentation({ file, languageto: state.needsTranslation ? state.targetLanguage : '', title: state.title || undefined }, opts.onProgress);
      }
      return createContent(state);
    },
    meta: {
      successToast: { title: 'common.success', description: 'upload.success' },
      errorToast: { title: 'common.error', description: 'upload.failed' },
    },
    onSuccess: async () => {
      await refreshAfterUpload(qc);
      opts.onSuccess();
    },
  });
}
