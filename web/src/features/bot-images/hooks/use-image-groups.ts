import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { BotImage } from '@core/foundation/types';
import { sortById } from '../../../lib/format';

const UNGROUPED = 'ungrouped';

export interface Group {
  key: string;
  title: string;
  images: BotImage[];
}

/** The images grouped by their document (by document id; the images of no document last). */
export function useImageGroups(images: BotImage[] | undefined, t: TFunction): Group[] {
  return useMemo<Group[]>(() => {
    const map = new Map<string, Group>();
    for (const img of sortById(images)) {
      const key = img.documentId !== null ? String(img.documentId) : UNGROUPED;
      const title = img.documentId !== null ? img.documentTitle || t('images.documentNumber', { id: img.documentId }) : t('images.ungrouped');
      const g = map.get(key) ?? { key, title, images: [] };
      g.images.push(img);
      map.set(key, g);
    }
    return [...map.values()].sort((a, b) => (a.key === UNGROUPED ? 1 : b.key === UNGROUPED ? -1 : Number(a.key) - Number(b.key)));
  }, [images, t]);
}
