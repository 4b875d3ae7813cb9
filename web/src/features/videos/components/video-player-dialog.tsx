import { ServerMessage } from '../../../components/server-message';
import { Download, FileText, Pencil, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Video } from '@core/foundation/types';
import { Ltr } from '../../../components/ltr';
import { Dialog } from '../../../components/ui/dialog';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranscript, type VideoVersion } from '../api/get-transcript';
import { videoPlayUrl } from '../api/get-videos';
import { useTranscribeVideo } from '../api/manage-transcript';
import { TranscriptBadge } from './transcript-badge';
import { TranscriptEditor } from './transcript-editor';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
const LANG_CODE: Record<string, string> = {
  english: 'en', spanish: 'es', french: 'fr', german: 'de', italian: 'it', portuguese: 'pt', chinese: 'zh', japanese: 'ja', korean: 'ko',
  arabic: 'ar', hebrew: 'he', russian: 'ru', dutch: 'nl', polish: 'pl', swedish: 'sv', norwegian: 'no', danish: 'da',
};

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
  const [editing, setEditing] = useState(false);
  const [againLang, setAgainLang] = useState('');
  const again = useTranscribeVideo(video.id);
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
          <div className="flex flex-wrap gap-1.5">
            {q.data?.vttPath ? (
              <a href={q.data.vttPath} download={`${video.label}.${LANG_CODE[sourceLang] ?? 'orig'}.vtt`} className={buttonClasses('outline', 'sm')} data-testid="vtt-original">
                <FileText aria-hidden /> {t('videos.player.subtitlesOriginal')} <Ltr>.vtt</Ltr>
              </a>
            ) : null}
            {q.data?.srtPath ? (
              <a href={q.data.srtPath} download={`${video.label}.${LANG_CODE[sourceLang] ?? 'orig'}.srt`} className={buttonClasses('outline', 'sm')} data-testid="srt-original">
                <FileText aria-hidden /> {t('videos.player.subtitlesOriginal')} <Ltr>.srt</Ltr>
              </a>
            ) : null}
            {versions.map((v) => (
              <span key={v.id} className="contents">
                {v.subtitlesPath ? (
                  <a href={v.subtitlesPath} download={`${video.label}.${LANG_CODE[v.targetLanguage] ?? v.targetLanguage}.vtt`} className={buttonClasses('outline', 'sm')} data-testid="vtt-translated">
                    <FileText aria-hidden /> {t('videos.player.subtitlesIn', { language: t(`languages.${v.targetLanguage}`, { defaultValue: v.targetLanguage }) })} <Ltr>.vtt</Ltr>
                  </a>
                ) : null}
                {v.subtitlesSrtPath ? (
                  <a href={v.subtitlesSrtPath} download={`${video.label}.${LANG_CODE[v.targetLanguage] ?? v.targetLanguage}.srt`} className={buttonClasses('outline', 'sm')} data-testid="srt-translated">
                    <FileText aria-hidden /> {t('videos.player.subtitlesIn', { language: t(`languages.${v.targetLanguage}`, { defaultValue: v.targetLanguage }) })} <Ltr>.srt</Ltr>
                  </a>
                ) : null}
                {/* One MP4 per kind of subtitles: soft and burned side by side once both were asked for. */}
                {(v.files?.length ? v.files : [{ filePath: v.filePath!, subtitles: v.options.subtitles }]).map((f) => (
                  <a key={f.filePath} href={f.filePath} download={v.fileName ?? undefined} className={buttonClasses('outline', 'sm')} data-testid="translated-file" data-subtitles={f.subtitles}>
                    <Download aria-hidden /> {t('videos.player.translatedFile', { language: t(`languages.${v.targetLanguage}`, { defaultValue: v.targetLanguage }) })}
                    {v.files && v.files.length > 1 ? ` · ${t(f.subtitles === 'burned' ? 'videos.subtitlesBurned' : 'videos.subtitlesSoft')}` : ''}
                  </a>
                ))}
              </span>
            ))}
          </div>
        </div>
        <div className="grid content-start gap-2">
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold">{t('videos.transcript.title')}</h3>
            <TranscriptBadge transcript={q.data?.transcript ?? video.transcript} />
          </div>
          {q.isPending ? <Spinner /> : null}
          {q.data?.transcript?.note ? <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid="transcript-note"><ServerMessage coded={q.data.transcript.noteCode} text={q.data.transcript.note} /></p> : null}
          {q.data?.transcript?.error && !editing ? <p role="alert" className="rounded-md bg-red-50 p-2 text-xs text-red-800" data-testid="transcript-failure">{q.data.transcript.error}</p> : null}
          {q.data?.transcript?.approximate ? <p className="text-xs text-muted-foreground">{t('videos.transcript.approximate')}</p> : null}
          {editing && q.data ? (
            <TranscriptEditor videoId={video.id} view={q.data} lang={LANG_CODE[sourceLang]} onDone={() => setEditing(false)} />
          ) : (
            <ol className="max-h-80 overflow-y-auto text-sm" data-testid="transcript-lines">
              {(q.data?.cues ?? []).map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="flex w-full gap-2 rounded px-1 py-0.5 text-start hover:bg-muted"
                    onClick={() => {
                      if (!ref.current) return;
                      ref.current.currentTime = c.start;
                      void ref.current.play().catch(() => undefined);
                    }}
                  >
                    <Ltr className="shrink-0 font-mono text-xs text-muted-foreground">{clock(c.start)}</Ltr>
                    <span lang={LANG_CODE[sourceLang]}>{c.text}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
          {!editing ? (
            <div className="flex flex-wrap items-center gap-2 border-t border-border pt-2 text-sm">
              {q.data?.cues.length ? (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="transcript-edit">
                  <Pencil aria-hidden /> {t('videos.transcript.edit')}
                </Button>
              ) : null}
              <label htmlFor={`again-${video.id}`} className="sr-only">{t('videos.transcript.language')}</label>
              <select id={`again-${video.id}`} value={againLang} onChange={(e) => setAgainLang(e.target.value)} className="rounded-md border border-border bg-background px-2 py-1" data-testid="transcribe-language">
                <option value="">{t('videos.transcript.languageKeep')}</option>
                {Object.keys(LANG_CODE).map((l) => <option key={l} value={l}>{t(`languages.${l}`, { defaultValue: l })}</option>)}
              </select>
              <Button size="sm" variant="outline" onClick={() => again.mutate(againLang || null)} disabled={again.isPending} data-testid="transcribe-again">
                <RefreshCw aria-hidden /> {t('videos.transcript.again')}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
