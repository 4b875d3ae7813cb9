import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PresentationImage } from '@core/foundation/types';
import { getAllPages } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getPresentationImages = (): Promise<PresentationImage[]> => getAllPages<PresentationImage>('/api/presentation-images');

export const getPresentationImagesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/presentation-images'], queryFn: getPresentationImages, refetchInterval: POLL_MS.presentationImages });

export const usePresentationImages = () => useQuery(getPresentationImagesQueryOptions());
