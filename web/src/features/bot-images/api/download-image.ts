import { useMutation } from '@tanstack/react-query';
import { downloadToFile } from '../../../lib/api-client';

/** Saves an image as image-{id}.jpg. */
export function useDownloadImage() {
  return useMutation({
    mutationFn: ({ id, url }: { id: number; url: string }) => downloadToFile(url, `image-${id}.jpg`),
    meta: { errorToast: { title: 'common.error', description: 'files.downloadFailed' } },
  });
}
