import { Check, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client';
import { cn } from '../lib/cn';

/** POST /api/bot/feedback: rates an answer of this conversation. */
const sendFeedback = (body: { referenceId: string; answerId: string; rating: 'up' | 'down'; comment?: string | null }) =>
  api.post<unknown>('/api/bot/feedback', body);

/** Ratings given in this tab, so a rating stays shown when its message is re-rendered (polling swaps in the server's copy). */
const given = new Map<string, 'up' | 'down'>();

/**
 * Thumbs up / down under an assistant's answer (/chat and /rag-bot); a
 * thumbs down asks what was missing (optional). The rating goes to the
 * admin's Analytics screen.
 */
export function AnswerRating({ referenceId, answerId, className }: { referenceId: string; answerId: string; className?: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<'up' | 'down' | null>(() => given.get(answerId) ?? null);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [thanked, setThanked] = useState(false);
  const [failed, setFailed] = useState(false);

  const rate = async (rating: 'up' | 'down', text?: string) => {
    setFailed(false);
    try {
      await sendFeedback({ referenceId, answerId, rating, comment: text || null });
      setValue(rating);
      given.set(answerId, rating);
      setAsking(rating === 'down' && text === undefined);
      setThanked(rating === 'up' || text !== undefined);
    } catch {
      setFailed(true);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void rate('down', comment.trim());
  };
  const thumb = (rating: 'up' | 'down') => {
    const Icon = rating === 'up' ? ThumbsUp : ThumbsDown;
    return (
      <button
        type="button"
        aria-label={t(rating === 'up' ? 'feedback.helpful' : 'feedback.notHelpful')}
        title={t(rating === 'up' ? 'feedback.helpful' : 'feedback.notHelpful')}
        aria-pressed={value === rating}
        onClick={() => void rate(rating)}
        className={cn(
          'rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          value === rating && 'bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground',
        )}
      >
        <Icon className="size-3.5" aria-hidden />
      </button>
    );
  };

  return (
    <div className={cn('mt-1.5 flex flex-wrap items-center gap-1 text-xs text-muted-foreground', className)} data-testid="answer-rating">
      {thumb('up')}
      {thumb('down')}
      {thanked ? (
        <span className="ms-1 inline-flex items-center gap-1" role="status">
          <Check className="size-3.5" aria-hidden />
          {t('feedback.thanks')}
        </span>
      ) : null}
      {failed ? <span className="ms-1 text-destructive" role="alert">{t('feedback.failed')}</span> : null}
      {asking ? (
        <form onSubmit={submit} className="mt-1 flex w-full gap-1.5">
          <input
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={1000}
            dir="auto"
            aria-label={t('feedback.commentLabel')}
            placeholder={t('feedback.commentLabel')}
            className="min-w-0 flex-1 rounded-md border border-input bg-background px-2 py-1 text-xs text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <button type="submit" className="rounded-md border border-border bg-background px-2 py-1 font-medium text-foreground hover:bg-accent">
            {t('feedback.send')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
