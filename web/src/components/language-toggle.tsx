import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage, type AppLanguage } from '../lib/i18n';
import { cn } from '../lib/cn';
import { FlagIL, FlagUS } from './flags';

/** English (US flag) / Hebrew switch. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current: AppLanguage = i18n.language === 'he' ? 'he' : 'en';
  const options: Array<{ lng: AppLanguage; flag: ReactNode; label: string }> = [
    { lng: 'en', flag: <FlagUS />, label: t('language.english') },
    { lng: 'he', flag: <FlagIL />, label: t('language.hebrew') },
  ];
  return (
    <div role="group" aria-label={t('language.choose')} className={cn('inline-flex rounded-lg border border-border bg-background p-0.5 shadow-sm', className)}>
      {options.map((o) => (
        <button
          key={o.lng}
          type="button"
          lang={o.lng}
          aria-pressed={current === o.lng}
          onClick={() => setLanguage(o.lng)}
          className={cn(
            // At least 44 px tall on a phone (a touch target), compact from the small breakpoint up.
            'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium sm:min-h-0 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            current === o.lng ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {o.flag}
          {o.label}
        </button>
      ))}
    </div>
  );
}
