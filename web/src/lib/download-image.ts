import { useMutation } from '@tanstack/react-query';
import { rawRequest, saveBlob } from './api-client';
import { imageFileName } from './file-type';

/** Saves an image as image-{id} with the extension of what its bytes are (PNG data as .png, never as .jpg). */
export function useDownloadImage() {
  return useMutation({
    mutationFn: async ({ id, url }: { id: number; url: string }) => {
      const res = await rawRequest(url, { headers: { accept: '*/*' } });
      if (!res) return;
      const blob = await res.blob();
      const head = new Uint8Array(await blob.slice(0, 16).arrayBuffer());
      saveBlob(blob, imageFileName(`image-${id}`, head, blob.type || res.headers.get('content-type')));
    },
    meta: { errorToast: { title: 'common.error', description: 'files.downloadFailed' } },
  });
}
