import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoTranscript } from '../../../../../core/types';
import { api } from '../../../lib/api-client';

export interface TranscriptCue {
  id: string;
  start: number;
  end: number;
  text: string;
}

/** A translated version of a video (a translation record of GET /api/videos/:id/transcript). */
export interface VideoVersion {
  id: number;
  targetLanguage: string;
  state: 'queued' | 'running' | 'completed' | 'failed';
  error: string | null;
  /** The translated MP4 (soft subtitles inside, optionally burned and dubbed). */
  filePath: string | null;
  fileName: string | null;
  /** The translated WebVTT. */
  subtitlesPath: string | null;
}

/** GET /api/videos/:id/transcript: the transcript state, its cues, and the video's translated versions. */
export interface TranscriptView {
  transcript: VideoTranscript | null;
  cues: TranscriptCue[];
  /** Original-language WebVTT (null without a transcript). */
  vttPath: string | null;
  versions: VideoVersion[];
}

export const getTranscript = (id: number) => api.get<TranscriptView>(`/api/videos/${id}/transcript`);

export const useTranscript = (id: number) =>
  useQuery(queryOptions({ queryKey: ['/api/videos', id, 'transcript'], queryFn: () => getTranscript(id), refetchInterval: 3_000 }));
