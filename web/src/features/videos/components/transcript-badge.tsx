import { useTranslation } from 'react-i18next';
import type { VideoTranscript } from '@core/foundation/types';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { wordMessage } from '../../../lib/messages';

const TONE: Record<VideoTranscript['state'], BadgeTone> = { pending: 'amber', running: 'blue', completed: 'green', none: 'gray', failed: 'red' };

/** Transcript state of a video: transcribing, ready (low confidence when offline), none (with why), failed. */
export function TranscriptBadge({ transcript }: { transcript: VideoTranscript | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!transcript) return null;
  const busy = transcript.state === 'pending' || transcript.state === 'running';
  const title = transcript.error ?? wordMessage(i18n.language, transcript.noteCode, transcript.note) ?? undefined;
  return (
    // A low-confidence transcript is not a plain success: amber, not green.
    <Badge tone={transcript.state === 'completed' && transcript.quality === 'low' ? 'amber' : TONE[transcript.state]} title={title} data-testid="transcript-state" data-state={transcript.state}>
      {busy ? <Spinner className="size-3" /> : null}
      {t(`videos.transcript.states.${transcript.state}`)}
      {transcript.state === 'completed' && transcript.quality === 'low' ? ` · ${t('videos.transcript.lowConfidence')}` : ''}
    </Badge>
  );
}
