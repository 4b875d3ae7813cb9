import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Video } from '@core/foundation/types';
import { Ltr } from '../../../components/ltr';
import { buttonClasses } from '../../../components/ui/button';
import type { VideoTranscriptView, VideoVersion } from '../api/get-transcript';
import { LANG_CODE } from './video-languages';

/** A translated version's subtitles (.vtt, .srt) and its MP4s. */
function VersionDownloads({ video, v }: { video: Video; v: VideoVersion }) {
  const { t } = useTranslation();
  const language = t(`languages.${v.targetLanguage}`, { defaultValue: v.targetLanguage });
  return (
    <span className="contents">
      {v.subtitlesPath ? (
        <a href={v.subtitlesPath} download={`${video.label}.${LANG_CODE[v.targetLanguage] ?? v.targetLanguage}.vtt`} className={buttonClasses('outline', 'sm')} data-testid="vtt-translated">
          <FileText aria-hidden /> {t('videos.player.subtitlesIn', { language })} <Ltr>.vtt</Ltr>
        </a>
      ) : null}
      {v.subtitlesSrtPath ? (
        <a href={v.subtitlesSrtPath} download={`${video.label}.${LANG_CODE[v.targetLanguage] ?? v.targetLanguage}.srt`} className={buttonClasses('outline', 'sm')} data-testid="srt-translated">
          <FileText aria-hidden /> {t('videos.player.subtitlesIn', { language })} <Ltr>.srt</Ltr>
        </a>
      ) : null}
      {/* One MP4 per kind of subtitles: soft and burned side by side once both were asked for. */}
      {(v.files?.length ? v.files : [{ filePath: v.filePath!, subtitles: v.options.subtitles }]).map((f) => (
        <a key={f.filePath} href={f.filePath} download={v.fileName ?? undefined} className={buttonClasses('outline', 'sm')} data-testid="translated-file" data-subtitles={f.subtitles}>
          <Download aria-hidden /> {t('videos.player.translatedFile', { language })}
          {v.files && v.files.length > 1 ? ` · ${t(f.subtitles === 'burned' ? 'videos.subtitlesBurned' : 'videos.subtitlesSoft')}` : ''}
        </a>
      ))}
    </span>
  );
}

/** The original's subtitles (.vtt, .srt) and every translated version's downloads. */
export function VideoDownloads({ video, view, sourceLang, versions }: { video: Video; view: VideoTranscriptView | undefined; sourceLang: string; versions: VideoVersion[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1.5">
      {view?.vttPath ? (
        <a href={view.vttPath} download={`${video.label}.${LANG_CODE[sourceLang] ?? 'orig'}.vtt`} className={buttonClasses('outline', 'sm')} data-testid="vtt-original">
          <FileText aria-hidden /> {t('videos.player.subtitlesOriginal')} <Ltr>.vtt</Ltr>
        </a>
      ) : null}
      {view?.srtPath ? (
        <a href={view.srtPath} download={`${video.label}.${LANG_CODE[sourceLang] ?? 'orig'}.srt`} className={buttonClasses('outline', 'sm')} data-testid="srt-original">
          <FileText aria-hidden /> {t('videos.player.subtitlesOriginal')} <Ltr>.srt</Ltr>
        </a>
      ) : null}
      {versions.map((v) => <VersionDownloads key={v.id} video={video} v={v} />)}
    </div>
  );
}
