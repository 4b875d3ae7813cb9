import { MP4 } from './facts';
import { startsWith, type FileFormat } from './format';

/**
 * MP4 and its family (QuickTime, 3GP). Sound-only MP4 (M4A) is not a video.
 * A video is translated from its transcript (core/features/video/translation-job.ts),
 * not opened as a file.
 */
export const mp4: FileFormat = {
  ...MP4,
  recognize: (head) => {
    if (startsWith(head, 'ftyp', 4)) {
      const brand = head.ascii.slice(8, 12);
      if (/^M4[ABP] /.test(brand)) return null;
      if (brand === 'qt  ') return { description: 'QuickTime video data', mime: 'video/quicktime' };
      if (brand.startsWith('3g')) return { description: '3GP video data', mime: 'video/3gpp' };
      return { description: 'MP4 video data' };
    }
    // Older QuickTime files start with another box than ftyp.
    if (['moov', 'mdat', 'wide', 'free', 'skip'].some((box) => startsWith(head, box, 4)) && head.bytes.length >= 8 && head.bytes.readUInt32BE(0) >= 8) {
      return { description: 'QuickTime video data', mime: 'video/quicktime' };
    }
    return null;
  },
};
