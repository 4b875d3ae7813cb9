import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoTranscriptView } from '@core/foundation/types';
import { Ltr } from '../../../components/ltr';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSaveTranscript, type EditedCue } from '../api/manage-transcript';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The transcript editor: each cue's start, end (seconds) and text. Saving
 * makes a new version of the transcript (re-indexed, translated subtitles
 * made again); the machine's original stays available below.
 */
export function TranscriptEditor({ videoId, view, lang, onDone }: { videoId: number; view: VideoTranscriptView; lang: string | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const [cues, setCues] = useState<EditedCue[]>(() => view.cues.map((c) => ({ ...c })));
  const save = useSaveTranscript(videoId);
  const change = (i: number, patch: Partial<EditedCue>) => setCues((all) => all.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  return (
    <form
      className="grid gap-2"
      data-testid="transcript-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(cues, { onSuccess: onDone });
      }}
    >
      {/* The latest transcription failed: this is the last good transcript, still editable, with the failure beside it. */}
      {view.error ? <p role="alert" className="rounded-md bg-red-50 p-2 text-xs text-red-800" data-testid="transcript-error">{view.error}</p> : null}
      <p className="text-xs text-muted-foreground">{t('videos.transcript.editHint')}</p>
      <ol className="grid max-h-80 gap-2 overflow-y-auto pe-1 text-sm">
        {cues.map((c, i) => (
          <li key={c.id} className="grid gap-1 rounded-md border border-border p-2" data-testid="cue-row">
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <label className="inline-flex items-center gap-1">
                {t('videos.transcript.start')}
                <Ltr>
                  <input type="number" step="any" min="0" value={c.start} className="w-20 rounded border border-border bg-background px-1" aria-label={t('videos.transcript.startOf', { n: i + 1 })}
                    onChange={(e) => change(i, { start: round3(Number(e.target.value)) })} />
                </Ltr>
              </label>
              <label className="inline-flex items-center gap-1">
                {t('videos.transcript.end')}
                <Ltr>
                  <input type="number" step="any" min="0" value={c.end} className="w-20 rounded border border-border bg-background px-1" aria-label={t('videos.transcript.endOf', { n: i + 1 })}
                    onChange={(e) => change(i, { end: round3(Number(e.target.value)) })} />
                </Ltr>
              </label>
            </div>
            <textarea value={c.text} rows={2} lang={lang} dir="auto" className="w-full rounded border border-border bg-background px-1 py-0.5" aria-label={t('videos.transcript.textOf', { n: i + 1 })}
              onChange={(e) => change(i, { text: e.target.value })} />
          </li>
        ))}
      </ol>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending} data-testid="transcript-save">
          {save.isPending ? <Spinner /> : null}
          {t('videos.transcript.save')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>{t('common.cancel')}</Button>
      </div>
      {view.original ? (
        <details className="text-xs text-muted-foreground" data-testid="transcript-original">
          <summary>{t('videos.transcript.original')}</summary>
          <ol className="mt-1 grid gap-0.5">
            {view.original.map((c) => <li key={c.id} lang={lang}>{c.text}</li>)}
          </ol>
        </details>
      ) : null}
    </form>
  );
}
