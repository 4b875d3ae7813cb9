import { ImageIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresentationImage } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ImageGroup, ImageViewer } from '../../../components/image-group';
import { ImageTile } from '../../../components/image-tile';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { formatDate, sortById } from '../../../lib/format';
import { useDeletePresentationImage } from '../api/delete-presentation-image';
import { useDownloadImage } from '../../../lib/download-image';
import { usePresentationImages } from '../api/get-presentation-images';
import { Ltr } from '../../../components/ltr';

/** Slide renders and embedded images taken from presentations, grouped by presentation. */
export function PresentationImagesPage() {
  const { t } = useTranslation();
  const query = usePresentationImages();
  const del = useDeletePresentationImage();
  const download = useDownloadImage();
  const [viewing, setViewing] = useState<PresentationImage | null>(null);

  const groups = useMemo(() => {
    const map = new Map<string, { key: string; title: string; images: PresentationImage[] }>();
    for (const img of sortById(query.data)) {
      const key = img.presentationId !== null ? String(img.presentationId) : 'none';
      const title = img.presentationTitle ?? (img.presentationId !== null ? t('images.presentationNumber', { id: img.presentationId }) : t('images.ungrouped'));
      const g = map.get(key) ?? { key, title, images: [] };
      g.images.push(img);
      map.set(key, g);
    }
    return [...map.values()];
  }, [query.data, t]);

  return (
    <section>
      <PageHeader title={t('images.presentationTitle')} description={t('images.presentationSubtitle')} />
      {query.isPending ? (
        <SkeletonGrid className="lg:grid-cols-4 xl:grid-cols-4" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={ImageIcon} title={t('images.presentationEmpty')} hint={t('images.presentationEmptyHint')} />
      ) : (
        <div className="grid gap-8">
          {groups.map((g) => (
            <ImageGroup key={g.key} title={g.title} count={g.images.length}>
              {g.images.map((img) => (
                <ImageTile
                  key={img.id}
                  image={img}
                  meta={
                    <>
                      {img.slide ? <Badge tone="outline">{t('images.slide', { slide: img.slide })}</Badge> : null}
                      <Badge tone={img.kind === 'slide' ? 'blue' : 'violet'}>{t(img.kind === 'slide' ? 'images.kindSlide' : 'images.kindEmbedded')}</Badge>
                      <Ltr className="ms-auto">{formatDate(img.uploadedAt)}</Ltr>
                    </>
                  }
                  onView={() => setViewing(img)}
                  onDownload={() => download.mutate({ id: img.id, url: img.image })}
                  onDelete={() => del.mutate(img.id)}
                  deleting={del.isPending && del.variables === img.id}
                />
              ))}
            </ImageGroup>
          ))}
        </div>
      )}
      {viewing ? (
        <ImageViewer
          title={viewing.presentationTitle ?? t('images.imageNumber', { id: viewing.id })}
          description={viewing.description || undefined}
          src={viewing.image}
          alt={viewing.description || t('images.imageNumber', { id: viewing.id })}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </section>
  );
}
