import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Video } from '@core/foundation/types';
import { Dialog } from '../../../components/ui/dialog';
import { useTranscript, type VideoVersion } from '../api/get-transcript';
import { videoPlayUrl } from '../api/get-videos';
import { TranscriptPanel } from './transcript-panel';
import { VideoDownloads } from './video-downloads';
import { LANG_CODE } from './video-languages';

/**
 * The player: the original or a translated version, with its subtitles as
 * a <track>; the transcript beside it (a line seeks the video there); the
 * subtitle (.vtt) and translated-file downloads.
 */
export function VideoPlayerDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useTranscript(video.id);
  const ref = useRef<HTMLVideoElement>(null);
  const [versionId, setVersionId] = useState<number | null>(null);
  const versions = (q.data?.versions ?? []).filter((v) => v.state === 'completed' && v.filePath);
  const version: VideoVersion | undefined = versions.find((v) => v.id === versionId);
  const sourceLang = q.data?.transcript?.language ?? 'english';
  const src = version?.filePath ?? videoPlayUrl(video.id);
  // The transcript's version in the address: an edited transcript (and the subtitles made from it) loads anew, not from the cache.
  const rev = `?v=${q.data?.transcript?.version ?? 1}-${q.data?.transcript?.updatedAt ?? ''}`;
  const track = version
    ? { src: version.subtitlesPath ? `${version.subtitlesPath}${rev}` : null, lang: version.targetLanguage }
    : { src: q.data?.vttPath ? `${q.data.vttPath}${rev}` : null, lang: sourceLang };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={video.label} className="md:max-w-4xl" description={t('videos.player.description')}>
      <div className="grid gap-4 md:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-2">
          <video key={src} ref={ref} controls preload="metadata" className="aspect-video w-full rounded-lg bg-black" data-testid="video-player" src={src}>
            {track.src ? <track key={track.src} kind="subtitles" src={track.src} srcLang={LANG_CODE[track.lang] ?? 'und'} label={track.lang} default /> : null}
          </video>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor={`version-${video.id}`} className="text-muted-foreground">{t('videos.player.version')}</label>
            <select
              id={`version-${video.id}`}
              className="rounded-md border border-border bg-background px-2 py-1"
              value={versionId ?? ''}
              onChange={(e) => setVersionId(e.target.value ? Number(e.target.value) : null)}
              data-testid="version-select"
            >
              <option value="">{t('videos.player.original')}</option>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>{t('videos.player.translated', { language: t(`languages.${v.targetLanguage}`, { defaultValue: v.targetLanguage }) })}</option>
              ))}
            </select>
          </div>
          <VideoDownloads video={video} view={q.data} sourceLang={sourceLang} versions={versions} />
        </div>
        <TranscriptPanel video={video} q={q} sourceLang={sourceLang} player={ref} />
      </div>
    </Dialog>
  );
}
