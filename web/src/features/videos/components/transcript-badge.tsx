import { useTranslation } from 'react-i18next';
import type { VideoTranscript } from '@core/types';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';

const TONE: Record<VideoTranscript['state'], BadgeTone> = { pending: 'amber', running: 'blue', completed: 'green', none: 'gray', failed: 'red' };

/** Transcript state of a video: transcribing, ready (low confidence when offline), none (with why), failed. */
export function TranscriptBadge({ transcript }: { transcript: VideoTranscript | null | undefined }) {
  const { t } = useTranslation();
  if (!transcript) return null;
  const busy = transcript.state === 'pending' || transcript.state === 'running';
  const title = transcript.error ?? transcript.note ?? undefined;
  return (
    <Badge tone={TONE[transcript.state]} title={title} data-testid="transcript-state" data-state={transcript.state}>
      {busy ? <Spinner className="size-3" /> : null}
      {t(`videos.transcript.states.${transcript.state}`)}
      {transcript.state === 'completed' && transcript.quality === 'low' ? ` · ${t('videos.transcript.lowConfidence')}` : ''}
    </Badge>
  );
}
