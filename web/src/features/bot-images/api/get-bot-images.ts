import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotImage } from '@core/foundation/types';
import { getAllPages } from '../../../lib/api-client';
import { POLL_MS } from '../../../config/polling';

export const getBotImages = (): Promise<BotImage[]> => getAllPages<BotImage>('/api/bot-images');

export const getBotImagesQueryOptions = () => queryOptions({ queryKey: ['/api/bot-images'], queryFn: getBotImages, refetchInterval: POLL_MS.botImages });

export const useBotImages = () => useQuery(getBotImagesQueryOptions());
