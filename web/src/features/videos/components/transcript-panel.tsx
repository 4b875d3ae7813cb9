import { Pencil, RefreshCw } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Video } from '@core/foundation/types';
import { Ltr } from '../../../components/ltr';
import { ServerMessage } from '../../../components/server-message';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { useTranscript } from '../api/get-transcript';
import { useTranscribeVideo } from '../api/manage-transcript';
import { TranscriptBadge } from './transcript-badge';
import { TranscriptEditor } from './transcript-editor';
import { LANG_CODE } from './video-languages';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** The transcript's lines; a line seeks the video there and plays it. */
function TranscriptLines({ cues, lang, player }: { cues: { id: number | string; start: number; text: string }[]; lang: string | undefined; player: RefObject<HTMLVideoElement | null> }) {
  return (
    <ol className="max-h-80 overflow-y-auto text-sm" data-testid="transcript-lines">
      {cues.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className="flex w-full gap-2 rounded px-1 py-0.5 text-start hover:bg-muted"
            onClick={() => {
              if (!player.current) return;
              player.current.currentTime = c.start;
              void player.current.play().catch(() => undefined);
            }}
          >
            <Ltr className="shrink-0 font-mono text-xs text-muted-foreground">{clock(c.start)}</Ltr>
            <span lang={lang}>{c.text}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Edit the transcript, or transcribe again (in the language kept or one chosen). */
function TranscriptActions({ videoId, canEdit, onEdit, againLang, setAgainLang, again }: {
  videoId: number; canEdit: boolean; onEdit: () => void;
  againLang: string; setAgainLang: (lang: string) => void; again: ReturnType<typeof useTranscribeVideo>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-border pt-2 text-sm">
      {canEdit ? (
        <Button size="sm" variant="outline" onClick={onEdit} data-testid="transcript-edit">
          <Pencil aria-hidden /> {t('videos.transcript.edit')}
        </Button>
      ) : null}
      <label htmlFor={`again-${videoId}`} className="sr-only">{t('videos.transcript.language')}</label>
      <select id={`again-${videoId}`} value={againLang} onChange={(e) => setAgainLang(e.target.value)} className="rounded-md border border-border bg-background px-2 py-1" data-testid="transcribe-language">
        <option value="">{t('videos.transcript.languageKeep')}</option>
        {Object.keys(LANG_CODE).map((l) => <option key={l} value={l}>{t(`languages.${l}`, { defaultValue: l })}</option>)}
      </select>
      <Button size="sm" variant="outline" onClick={() => again.mutate(againLang || null)} disabled={again.isPending} data-testid="transcribe-again">
        <RefreshCw aria-hidden /> {t('videos.transcript.again')}
      </Button>
    </div>
  );
}

/** The transcript beside the player: its state, notes, lines (or the editor), and its actions. */
export function TranscriptPanel({ video, q, sourceLang, player }: {
  video: Video; q: ReturnType<typeof useTranscript>; sourceLang: string; player: RefObject<HTMLVideoElement | null>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  // Kept here (not in the actions bar, which the editor replaces): the language chosen and a run asked for outlast an edit.
  const [againLang, setAgainLang] = useState('');
  const again = useTranscribeVideo(video.id);
  return (
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
        <TranscriptLines cues={q.data?.cues ?? []} lang={LANG_CODE[sourceLang]} player={player} />
      )}
      {!editing ? (
        <TranscriptActions
          videoId={video.id} canEdit={Boolean(q.data?.cues.length)} onEdit={() => setEditing(true)}
          againLang={againLang} setAgainLang={setAgainLang} again={again}
        />
      ) : null}
    </div>
  );
}
