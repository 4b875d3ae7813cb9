import { useMutation } from '@tanstack/react-query';
import { downloadToFile } from '../../../lib/api-client';

/** GET /api/object-storage/download/{key}, saved under the object's own name. */
export const downloadFile = (key: string): Promise<void> =>
  downloadToFile(`/api/object-storage/download/${encodeURIComponent(key)}`, key.split('/').pop() || 'download');

export function useDownloadFile() {
  return useMutation({
    mutationFn: downloadFile,
    meta: { successToast: { title: 'common.success', description: 'files.downloaded' }, errorToast: { title: 'common.error', description: 'files.downloadFailed' } },
  });
}
