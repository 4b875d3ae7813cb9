import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadAny } from './upload-any';
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
 * multipart with progress; any other type goes with its file to
 * /api/content/upload, where the content decides what it becomes.
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
            governed: state,
          },
          opts.onProgress,
        );
      }
      if (state.type === 'presentation') {
        return uploadPresentation({ file, languageto: state.needsTranslation ? state.targetLanguage : '', title: state.title || undefined, governed: state }, opts.onProgress);
      }
      return uploadAny(state, file, opts.onProgress);
    },
    meta: {
      successToast: { title: 'common.success', description: 'upload.success' },
      errorToast: { title: 'common.error', description: 'upload.failed' },
    },
    onSuccess: async (result) => {
      await refreshAfterUpload(qc);
      // "Other" uploads may become a video or a support image: refresh those lists too.
      if (result && 'kind' in result) await Promise.all(['/api/videos', '/api/bot-images'].map((key) => qc.invalidateQueries({ queryKey: [key] })));
      opts.onSuccess();
    },
  });
}
