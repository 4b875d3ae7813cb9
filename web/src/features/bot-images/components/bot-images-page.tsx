import { ImageIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageDescriptionText } from '../../../lib/image-words';
import type { BotImage } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ImageGroup, ImageViewer } from '../../../components/image-group';
import { ImageTile } from '../../../components/image-tile';
import { PageHeader } from '../../../components/page-header';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { useDeleteBotImage } from '../api/delete-bot-image';
import { useDownloadImage } from '../../../lib/download-image';
import { useBotImages } from '../api/get-bot-images';
import { useImageGroups } from '../hooks/use-image-groups';
import { BotImageMeta, DocumentFilter } from './bot-image-parts';

/** Support Images: images taken from documents, grouped by their document. */
export function BotImagesPage() {
  const { t } = useTranslation();
  const id = useId();
  const query = useBotImages();
  const del = useDeleteBotImage();
  const download = useDownloadImage();
  const [filter, setFilter] = useState('all');
  const [viewing, setViewing] = useState<BotImage | null>(null);
  const groups = useImageGroups(query.data, t);
  const shown = filter === 'all' ? groups : groups.filter((g) => g.key === filter);
  const total = query.data?.length ?? 0;

  return (
    <section>
      <PageHeader
        title={t('images.botTitle')}
        description={t('images.botSubtitle')}
        actions={groups.length > 0 ? <DocumentFilter id={id} filter={filter} onChange={setFilter} total={total} groups={groups} /> : undefined}
      />
      {query.isPending ? (
        <SkeletonGrid className="lg:grid-cols-4 xl:grid-cols-4" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : total === 0 ? (
        <EmptyState icon={ImageIcon} title={t('images.botEmpty')} hint={t('images.botEmptyHint')} />
      ) : (
        <div className="grid gap-8">
          {shown.map((g) => (
            <ImageGroup key={g.key} title={g.title} count={g.images.length} testId="image-group">
              {g.images.map((img) => (
                <ImageTile
                  key={img.id}
                  image={img}
                  meta={<BotImageMeta img={img} groupTitle={g.title} />}
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
          title={viewing.documentTitle ?? t('images.imageNumber', { id: viewing.id })}
          description={viewing.description ? imageDescriptionText(viewing.description, t) : undefined}
          src={viewing.image}
          alt={viewing.description ? imageDescriptionText(viewing.description, t) : t('images.imageNumber', { id: viewing.id })}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </section>
  );
}
