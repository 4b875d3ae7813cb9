import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUpdateWidgetSettings, useWidgetSettings } from '../api/widget-settings';
import { useWidgetForm } from '../hooks/use-widget-form';
import { WidgetEmbedCard } from './widget-embed-card';
import { WidgetSettingsForm } from './widget-settings-form';

/** The admin's Website widget screen: which sites may embed the assistant, the brand defaults, and the tag to paste. */
export function WidgetSettingsPage() {
  const { t } = useTranslation();
  const settings = useWidgetSettings();
  const save = useUpdateWidgetSettings();
  const s = settings.data;
  const f = useWidgetForm(s);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(f.toSave());
  };

  return (
    <section>
      <PageHeader title={t('widget.title')} description={t('widget.subtitle')} />
      {settings.isError ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {s ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t('widget.settings')}</CardTitle>
            </CardHeader>
            <CardContent>
              <WidgetSettingsForm s={s} f={f} save={save} onSubmit={submit} />
            </CardContent>
          </Card>
          <WidgetEmbedCard />
        </div>
      ) : null}
    </section>
  );
}
