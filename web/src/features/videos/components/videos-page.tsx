import { Film, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Video, VideoSubcategory } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { sortById } from '../../../lib/format';
import { useDeleteVideo } from '../api/delete-video';
import { useVideos } from '../api/get-videos';
import { VideoCard } from './video-card';
import { VideoUploadDialog } from './video-upload-dialog';

const PAGE: Record<'all' | VideoSubcategory, { title: 'videos.titleAll' | 'videos.titleBroadcast' | 'videos.titlePodcast' | 'videos.titleLearning'; add: 'videos.addVideo' | 'videos.addBroadcast' | 'videos.addPodcast' | 'videos.addLearning' }> = {
  all: { title: 'videos.titleAll', add: 'videos.addVideo' },
  broadcast: { title: 'videos.titleBroadcast', add: 'videos.addBroadcast' },
  podcast: { title: 'videos.titlePodcast', add: 'videos.addPodcast' },
  learning_resources: { title: 'videos.titleLearning', add: 'videos.addLearning' },
};

/** All videos, or one subcategory. "Add New Video" on the all-videos page uploads as broadcast. */
export function VideosPage({
  subcategory,
  viewSwitch,
  renderTable,
  cardExtras,
}: {
  subcategory?: VideoSubcategory;
  viewSwitch?: ReactNode;
  /** The caller's table view; it gets the action that opens this page's upload dialog. */
  renderTable?: (onAdd: () => void) => ReactNode;
  /** What other features add to a card (its translations and the Translate action), from the app's composition. */
  cardExtras?: (v: Video) => ReactNode;
}) {
  const { t } = useTranslation();
  const query = useVideos();
  const del = useDeleteVideo();
  const [uploading, setUploading] = useState(false);
  const page = PAGE[subcategory ?? 'all'];

  const addButton = (
    <Button onClick={() => setUploading(true)}>
      <Plus aria-hidden />
      {t(page.add)}
    </Button>
  );
  const videos = sortById(query.data).filter((v) => !subcategory || v.subcategory === subcategory);

  let body: ReactNode;
  if (renderTable) body = renderTable(() => setUploading(true));
  else if (query.isPending) body = <SkeletonGrid />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (videos.length === 0) body = <EmptyState icon={Film} title={t('videos.empty')} hint={t('videos.emptyHint')} action={addButton} />;
  else
    body = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {videos.map((v) => (
          <VideoCard
            key={v.id}
            video={v}
            deleting={del.isPending && del.variables === v.id}
            extras={cardExtras?.(v)}
            onDelete={() => {
              if (window.confirm(t('videos.confirmDelete', { title: v.label }))) del.mutate(v.id);
            }}
          />
        ))}
      </div>
    );

  return (
    <section>
      <PageHeader title={t(page.title)} description={t('videos.subtitle')} actions={<>{viewSwitch}{addButton}</>} />
      {body}
      {uploading ? <VideoUploadDialog subcategory={subcategory ?? 'broadcast'} title={t(page.add)} onClose={() => setUploading(false)} /> : null}
    </section>
  );
}
