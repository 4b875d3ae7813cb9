import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@core/foundation/types';
import { getAllPages } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getVideos = (): Promise<Video[]> => getAllPages<Video>('/api/videos');

export const getVideosQueryOptions = () => queryOptions({ queryKey: ['/api/videos'], queryFn: getVideos, refetchInterval: POLL_MS.videos });

export const useVideos = () => useQuery(getVideosQueryOptions());

export const videoPlayUrl = (id: number) => `/api/videos/${id}/play`;
export const videoDownloadUrl = (id: number) => `/api/videos/${id}/download`;
