import { ImageIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageDescriptionText, imageTagLabel } from '../../../lib/image-words';
import type { BotImage } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ImageGroup, ImageViewer } from '../../../components/image-group';
import { ImageTile } from '../../../components/image-tile';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Label, Select } from '../../../components/ui/input';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { formatDate, sortById } from '../../../lib/format';
import { useDeleteBotImage } from '../api/delete-bot-image';
import { useDownloadImage } from '../../../lib/download-image';
import { useBotImages } from '../api/get-bot-images';
import { Ltr } from '../../../components/ltr';

const UNGROUPED = 'ungrouped';

interface Group {
  key: string;
  title: string;
  images: BotImage[];
}

/** Support Images: images taken from documents, grouped by their document. */
export function BotImagesPage() {
  const { t } = useTranslation();
  const id = useId();
  const query = useBotImages();
  const del = useDeleteBotImage();
  const download = useDownloadImage();
  const [filter, setFilter] = useState('all');
  const [viewing, setViewing] = useState<BotImage | null>(null);

  const groups = useMemo<Group[]>(() => {
    const map = new Map<string, Group>();
    for (const img of sortById(query.data)) {
      const key = img.documentId !== null ? String(img.documentId) : UNGROUPED;
      const title = img.documentId !== null ? img.documentTitle || t('images.documentNumber', { id: img.documentId }) : t('images.ungrouped');
      const g = map.get(key) ?? { key, title, images: [] };
      g.images.push(img);
      map.set(key, g);
    }
    return [...map.values()].sort((a, b) => (a.key === UNGROUPED ? 1 : b.key === UNGROUPED ? -1 : Number(a.key) - Number(b.key)));
  }, [query.data, t]);

  const shown = filter === 'all' ? groups : groups.filter((g) => g.key === filter);
  const total = query.data?.length ?? 0;

  return (
    <section>
      <PageHeader
        title={t('images.botTitle')}
        description={t('images.botSubtitle')}
        actions={
          groups.length > 0 ? (
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-filter`} className="whitespace-nowrap">
                {t('images.filterByDocument')}
              </Label>
              <Select id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)} className="w-56">
                <option value="all">{t('images.allDocuments', { count: total })}</option>
                {groups.map((g) => (
                  <option key={g.key} value={g.key}>
                    {g.title} ({g.images.length})
                  </option>
                ))}
              </Select>
            </div>
          ) : undefined
        }
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
                  meta={
                    <>
                      {img.page ? <Badge tone="outline">{t('images.page', { page: img.page })}</Badge> : null}
                      {img.tags
                        .filter((tag) => ![t('images.page', { page: img.page ?? 0 }), g.title, `page ${img.page}`].some((x) => x.toLowerCase() === tag.toLowerCase()))
                        .slice(0, 3)
                        .map((tag) => {
                          const { label, own } = imageTagLabel(tag, t);
                          return (
                            <Badge key={tag} tone="outline" {...(own ? { 'data-user-content': '' } : {})}>
                              {label}
                            </Badge>
                          );
                        })}
                      <Ltr className="ms-auto">{formatDate(img.createdAt)}</Ltr>
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
