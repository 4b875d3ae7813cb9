import { Save } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetSettingsView } from '@core/features/widget/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { wordError } from '../../../lib/messages';
import type { useUpdateWidgetSettings } from '../api/widget-settings';
import type { WidgetForm } from '../hooks/use-widget-form';

const fieldLabel = 'grid gap-1.5 text-sm font-medium';

/** The allowed origins (those set by the environment listed under them), the brand title, colour and greeting, Save. */
export function WidgetSettingsForm({ s, f, save, onSubmit }: {
  s: WidgetSettingsView; f: WidgetForm; save: ReturnType<typeof useUpdateWidgetSettings>; onSubmit: (e: FormEvent) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label={t('widget.settings')}>
      <label className={fieldLabel}>
        {t('widget.origins')}
        <textarea
          value={f.origins}
          onChange={(e) => f.setOrigins(e.target.value)}
          rows={4}
          dir="ltr"
          placeholder="https://www.example.com"
          className="rounded-md border border-input bg-background px-3 py-2 font-mono text-sm font-normal focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <span className="text-xs font-normal text-muted-foreground">{t('widget.originsHint')}</span>
      </label>
      {s.envOrigins.length ? (
        <div className="text-sm">
          <p className="mb-1 font-medium">{t('widget.envOrigins')}</p>
          <div className="flex flex-wrap gap-1.5" dir="ltr">
            {s.envOrigins.map((o) => (
              <Badge key={o} tone="gray">{o}</Badge>
            ))}
          </div>
        </div>
      ) : null}
      <label className={fieldLabel}>
        {t('widget.brandTitle')}
        <Input value={f.title} onChange={(e) => f.setTitle(e.target.value)} maxLength={80} placeholder={t('chat.title')} />
      </label>
      <label className={fieldLabel}>
        {t('widget.color')}
        <span className="flex items-center gap-3">
          <input type="color" value={f.color} onChange={(e) => f.setColor(e.target.value)} className="h-9 w-14 rounded border border-input" aria-label={t('widget.color')} />
          <code className="text-xs" dir="ltr">{f.color}</code>
        </span>
      </label>
      <label className={fieldLabel}>
        {t('widget.greeting')}
        <textarea
          value={f.greeting}
          onChange={(e) => f.setGreeting(e.target.value)}
          rows={2}
          maxLength={500}
          dir="auto"
          placeholder={t('widget.greetingHint')}
          className="rounded-md border border-input bg-background px-3 py-2 text-sm font-normal focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </label>
      {save.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {wordError(i18n.language, save.error)}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        <Save aria-hidden />
        {t('common.save')}
      </Button>
    </form>
  );
}
