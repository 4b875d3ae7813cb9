import { ImageIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresentationImage } from '../../../../../core/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ImageTile } from '../../../components/image-tile';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { formatDate, sortById } from '../../../lib/format';
import { useDeletePresentationImage } from '../api/delete-presentation-image';
import { useDownloadImage } from '../api/download-image';
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
            <section key={g.key} aria-label={g.title}>
              <h2 className="mb-3 flex items-center gap-2 text-base font-semibold">
                {g.title}
                <Badge>{t('images.count', { count: g.images.length })}</Badge>
              </h2>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {g.images.map((img) => (
                  <ImageTile
                    key={img.id}
                    src={img.image}
                    alt={img.description || t('images.imageNumber', { id: img.id })}
                    caption={img.description || undefined}
                    meta={
                      <>
                        {img.slide ? <Badge tone="outline">{t('images.slide', { slide: img.slide })}</Badge> : null}
                        <Badge tone={img.kind === 'slide' ? 'blue' : 'violet'}>{t(img.kind === 'slide' ? 'images.kindSlide' : 'images.kindEmbedded')}</Badge>
                        <Ltr className="ms-auto">{formatDate(img.uploadedAt)}</Ltr>
                      </>
                    }
                    onView={() => setViewing(img)}
                    onDownload={() => download.mutate({ id: img.id, url: img.image })}
                    onDelete={() => {
                      if (window.confirm(t('images.confirmDelete'))) del.mutate(img.id);
                    }}
                    deleting={del.isPending && del.variables === img.id}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
      {viewing ? (
        <Dialog open onOpenChange={(o) => !o && setViewing(null)} title={viewing.presentationTitle ?? t('images.imageNumber', { id: viewing.id })} description={viewing.description || undefined} className="max-w-4xl">
          <img src={viewing.image} alt={viewing.description || t('images.imageNumber', { id: viewing.id })} className="max-h-[70vh] w-full rounded-md bg-muted object-contain" />
        </Dialog>
      ) : null}
    </section>
  );
}
