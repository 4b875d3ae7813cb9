import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Video, VideoTranscriptView } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

export interface EditedCue {
  id: string;
  start: number;
  end: number;
  text: string;
}

/** POST /api/videos/:id/retry: runs the failed step again (the transcription, or the whole processing). */
export const retryVideo = (id: number) => api.post<Video>(`/api/videos/${id}/retry`);
/** POST /api/videos/:id/transcribe: a new transcription replaces the transcript (language optional). */
export const transcribeVideo = (id: number, language: string | null) => api.post<Video>(`/api/videos/${id}/transcribe`, language ? { language } : {});
/** PUT /api/videos/:id/transcript: edited cues become a new version of the transcript. */
export const saveTranscript = (id: number, cues: EditedCue[]) => api.put<VideoTranscriptView>(`/api/videos/${id}/transcript`, { cues });

function useRefresh(id: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['/api/videos'] });
    void qc.invalidateQueries({ queryKey: ['/api/videos', id, 'transcript'] });
  };
}

export function useRetryVideo(id: number) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: () => retryVideo(id), meta: { errorToast: { title: 'common.error' } }, onSuccess: refresh });
}

export function useTranscribeVideo(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (language: string | null) => transcribeVideo(id, language),
    meta: { successToast: { title: 'videos.transcript.againQueued' }, errorToast: { title: 'common.error' } },
    onSuccess: refresh,
  });
}

export function useSaveTranscript(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (cues: EditedCue[]) => saveTranscript(id, cues),
    meta: { successToast: { title: 'videos.transcript.saved' }, errorToast: { title: 'common.error' } },
    onSuccess: refresh,
  });
}
