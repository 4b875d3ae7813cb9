import { useTranslation } from 'react-i18next';
import type { Coded } from '@core/foundation/types';
import { wordMessage } from '../lib/messages';

/**
 * A job step or failure reason in the console's language. `dir="auto"`: an
 * English fallback inside the Hebrew console keeps its full stop at its end.
 */
export function ServerMessage({ coded, text, fallback, className }: { coded?: Coded | null; text?: string | null; fallback?: string; className?: string }) {
  const { i18n } = useTranslation();
  const words = wordMessage(i18n.language, coded, text) ?? fallback ?? '';
  return (
    <span dir="auto" className={className} title={words}>
      {words}
    </span>
  );
}
