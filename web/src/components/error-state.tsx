import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { wordError } from '../lib/messages';
import { Button } from './ui/button';

/** A list that failed to load: the error text and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t, i18n } = useTranslation();
  const message = wordError(i18n.language, error);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center text-red-900">
      <AlertTriangle className="size-6" aria-hidden />
      <p className="font-semibold">{t('common.loadFailed')}</p>
      <p dir="auto" className="max-w-lg break-words text-sm opacity-80">{message}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}
