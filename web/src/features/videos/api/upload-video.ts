import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Video, VideoSubcategory } from '@core/foundation/types';
import { uploadForm } from '../../../lib/api-client';
import { stripExtension } from '../../../lib/format';

export interface UploadVideoInput {
  file: File;
  subcategory: VideoSubcategory;
  needsTranslation: boolean;
  targetLanguage: string;
  hasSpeech: boolean;
  description: string;
  /** How translations are made: soft subtitles (a track) or burned into the picture; optionally dubbed. */
  subtitles: 'soft' | 'burned';
  dub: boolean;
}

/** POST /api/videos (multipart: label, subcategory, needsTranslation, targetLanguage, hasSpeech, description, subtitles, dub, file). */
export function uploadVideo(input: UploadVideoInput, onProgress?: (f: number) => void): Promise<Video> {
  const form = new FormData();
  form.append('label', stripExtension(input.file.name));
  form.append('subcategory', input.subcategory);
  form.append('needsTranslation', input.needsTranslation ? 'true' : 'false');
  form.append('targetLanguage', input.needsTranslation ? input.targetLanguage : '');
  form.append('hasSpeech', input.hasSpeech ? 'true' : 'false');
  form.append('description', input.description);
  if (input.needsTranslation) {
    form.append('subtitles', input.subtitles);
    form.append('dub', input.dub ? 'true' : 'false');
  }
  form.append('file', input.file);
  return uploadForm<Video>('/api/videos', form, { onProgress });
}

export function useUploadVideo(opts: { onProgress: (f: number) => void; onSuccess: () => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadVideoInput) => uploadVideo(input, opts.onProgress),
    meta: {
      successToast: { title: 'common.success', description: 'videos.uploaded' },
      errorToast: { title: 'videos.uploadFailedTitle', description: 'videos.uploadFailed' },
    },
    onSuccess: () => {
      for (const key of ['/api/videos', '/api/content', '/api/dashboard/metrics']) void qc.invalidateQueries({ queryKey: [key] });
      opts.onSuccess();
    },
  });
}
