import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoTranscriptView, VideoVersion } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

export type { VideoTranscriptView, VideoVersion };

/** GET /api/videos/:id/transcript: the transcript state, its cues, and the video's translated versions. */
export const getTranscript = (id: number) => api.get<VideoTranscriptView>(`/api/videos/${id}/transcript`);

export const useTranscript = (id: number) =>
  useQuery(queryOptions({ queryKey: ['/api/videos', id, 'transcript'], queryFn: () => getTranscript(id), refetchInterval: 3_000 }));
