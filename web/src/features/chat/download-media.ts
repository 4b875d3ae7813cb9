import { STORAGE_KEYS } from '../../config/constants';
import { saveBlob } from '../../lib/api-client';
import { candidateUrls, downloadName, type ChatMedia } from './media';

/**
 * Downloads a file offered by the assistant. Each candidate URL is tried in
 * turn. Documents and presentations fall back to opening the file URL in a
 * new tab; videos alert when nothing worked (spec section 8).
 */
export async function downloadMedia(media: ChatMedia, messages: { videoNotFound: string; videoFailed: string }): Promise<void> {
  const signedIn = (() => {
    try {
      return localStorage.getItem(STORAGE_KEYS.isAuthenticated) === 'true';
    } catch {
      return false;
    }
  })();
  const urls = candidateUrls(media, { signedIn });
  let networkError = false;
  for (const url of urls) {
    try {
      const res = await fetch(url, { credentials: 'include' });
      if (!res.ok) continue;
      const blob = await res.blob();
      saveBlob(blob, downloadName(media, url, res.headers.get('content-disposition')));
      return;
    } catch {
      networkError = true;
    }
  }
  if (media.kind === 'video') {
    window.alert(networkError ? messages.videoFailed : messages.videoNotFound);
    return;
  }
  if (urls[0]) window.open(urls[0], '_blank', 'noopener,noreferrer');
}
