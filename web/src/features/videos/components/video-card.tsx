import { Calendar, Clock, Download, Film, Play, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPermanentFailure } from '@core/foundation/messages';
import type { Video } from '@core/foundation/types';
import { isRunning, JobRetryButton } from '../../../components/job-card';
import { Ltr } from '../../../components/ltr';
import { ReviewBadge } from '../../../components/review-badge';
import { ServerMessage } from '../../../components/server-message';
import { StatusBadge } from '../../../components/status-badge';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses, DESTRUCTIVE_GHOST } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatBytes, formatDate, formatDuration } from '../../../lib/format';
import { useMonotonicProgress } from '../../../lib/monotonic-progress';
import { useRetryVideo } from '../api/manage-transcript';
import { videoDownloadUrl } from '../api/get-videos';
import { TranscriptBadge } from './transcript-badge';
import { VideoPlayerDialog } from './video-player-dialog';

/** The processing state: progress and step while it runs or failed, warnings, the failure and Retry. */
function VideoProcessing({ video, running, shownProgress }: { video: Video; running: boolean; shownProgress: number }) {
  const { t } = useTranslation();
  const retry = useRetryVideo(video.id);
  return (
    <>
      {running || video.status === 'failed' ? (
        <div className="mb-2 grid gap-1">
          <Progress value={shownProgress} label={t('documents.progress')} barClassName={video.status === 'failed' ? 'bg-destructive' : undefined} />
          <p className="truncate text-xs text-muted-foreground"><ServerMessage coded={video.stepCode} text={video.step} fallback={t(`status.${video.status}`)} /></p>
        </div>
      ) : null}
      {video.status === 'completed' && video.stepCode?.code === 'completed_with_warnings' ? (
        <p className="mb-2 break-words rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid="item-warnings">
          <ServerMessage coded={video.stepCode} text={video.step} />
        </p>
      ) : null}
      {video.status === 'failed' && (video.error || video.errorCode) ? (
        <p role="alert" className="mb-2 break-words rounded-md bg-red-50 p-2 text-xs text-red-800">
          <ServerMessage coded={video.errorCode} text={video.error} />
        </p>
      ) : null}
      {/* A failure no retry can mend (DRM, no media, a codec the server cannot decode) is not offered Retry: the file must change. */}
      {video.status === 'failed' && !isPermanentFailure(video.errorCode) ? (
        <div className="mb-2">
          <JobRetryButton onClick={() => retry.mutate()} retrying={retry.isPending} label={t('videos.retryNamed', { title: video.label })} />
        </div>
      ) : null}
    </>
  );
}

/** Duration, upload date and size. */
function VideoFacts({ video }: { video: Video }) {
  return (
    <div className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <span className="inline-flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden />
        <Ltr>{formatDuration(video.duration) || '—'}</Ltr>
      </span>
      <span className="inline-flex items-center gap-1">
        <Calendar className="size-3.5" aria-hidden />
        <Ltr>{formatDate(video.createdAt)}</Ltr>
      </span>
      <Ltr>{formatBytes(video.fileSize)}</Ltr>
    </div>
  );
}

/** Play, Download and Delete. */
function VideoCardActions({ video, onPlay, onDelete, deleting }: { video: Video; onPlay: () => void; onDelete: () => void; deleting: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-auto flex items-center gap-1.5">
      <Button size="sm" onClick={onPlay} aria-label={t('videos.playNamed', { title: video.label })}>
        <Play aria-hidden />
        {t('videos.play')}
      </Button>
      <a href={videoDownloadUrl(video.id)} download className={buttonClasses('outline', 'sm')} aria-label={t('videos.downloadNamed', { title: video.label })}>
        <Download aria-hidden />
        {t('common.download')}
      </a>
      <Button
        variant="ghost"
        size="icon"
        className={cn('ms-auto', DESTRUCTIVE_GHOST)}
        onClick={onDelete}
        disabled={deleting}
        aria-label={t('videos.deleteNamed', { title: video.label })}
        title={t('common.delete')}
      >
        {deleting ? <Spinner /> : <Trash2 aria-hidden />}
      </Button>
    </div>
  );
}

function Thumbnail({ video }: { video: Video }) {
  const [broken, setBroken] = useState(false);
  if (!video.thumbnailKey || broken)
    return (
      <div className="flex aspect-video items-center justify-center bg-slate-900/90 text-slate-400">
        <Film className="size-8" aria-hidden />
      </div>
    );
  const src = `/api/files/${video.thumbnailKey.split('/').map(encodeURIComponent).join('/')}`;
  return <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} className="aspect-video w-full bg-slate-900 object-cover" />;
}

/** A video's card: thumbnail, state, badges, processing, facts, Play, Download and Delete; the player opens over it. */
export function VideoCard({ video, onDelete, deleting, extras }: { video: Video; onDelete: () => void; deleting: boolean; extras?: ReactNode }) {
  const { t } = useTranslation();
  const running = isRunning(video.status);
  // Never backwards while the video is processed (the import's end, then the transcription's start).
  const shownProgress = useMonotonicProgress(video.progress, running);
  const [playing, setPlaying] = useState(false);
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="video-card">
      <Thumbnail video={video} />
      <div className="flex flex-1 flex-col p-4">
        <div className="mb-2 flex items-start justify-between gap-2">
          <h3 className="min-w-0 truncate font-semibold" title={video.label}>
            {video.label}
          </h3>
          <StatusBadge status={video.status} />
        </div>
        <div className="mb-2 flex flex-wrap gap-1.5">
          <ReviewBadge item={video} />
          <Badge tone="violet">{t(`videos.sub.${video.subcategory}`)}</Badge>
          {video.languageto ? <Badge tone="outline">→ {t(`languages.${video.languageto}`, { defaultValue: video.languageto })}</Badge> : null}
          <TranscriptBadge transcript={video.transcript} />
        </div>
        {video.transcript?.state === 'none' && video.transcript.note ? <p className="mb-2 text-xs text-muted-foreground" data-testid="transcript-note"><ServerMessage coded={video.transcript.noteCode} text={video.transcript.note} /></p> : null}
        {running && video.transcript?.estimate ? (
          <p className="mb-2 text-xs text-muted-foreground">
            {typeof video.transcript.estimateSec === 'number' ? t('videos.estimate', { duration: formatDuration(video.transcript.estimateSec) }) : video.transcript.estimate}
          </p>
        ) : null}
        {video.description ? <p className="mb-2 line-clamp-2 text-sm text-muted-foreground">{video.description}</p> : null}
        <VideoProcessing video={video} running={running} shownProgress={shownProgress} />
        {extras}
        <VideoFacts video={video} />
        <VideoCardActions video={video} onPlay={() => setPlaying(true)} onDelete={onDelete} deleting={deleting} />
      </div>
      {playing ? <VideoPlayerDialog video={video} onClose={() => setPlaying(false)} /> : null}
    </Card>
  );
}
