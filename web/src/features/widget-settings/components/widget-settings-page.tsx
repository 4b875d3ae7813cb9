import { Copy, Save } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { wordError } from '../../../lib/messages';
import { useUpdateWidgetSettings, useWidgetSettings } from '../api/widget-settings';

/** The admin's Website widget screen: which sites may embed the assistant, the brand defaults, and the tag to paste. */
export function WidgetSettingsPage() {
  const { t, i18n } = useTranslation();
  const settings = useWidgetSettings();
  const save = useUpdateWidgetSettings();
  const [origins, setOrigins] = useState('');
  const [title, setTitle] = useState('');
  const [color, setColor] = useState('#1d4ed8');
  const [greeting, setGreeting] = useState('');
  const s = settings.data;

  useEffect(() => {
    if (!s) return;
    setOrigins(s.origins.join('\n'));
    setTitle(s.title ?? '');
    setColor(s.color ?? '#1d4ed8');
    setGreeting(s.greeting ?? '');
  }, [s]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ origins: origins.split(/[\s,]+/).filter(Boolean), title: title || null, color, greeting: greeting || null });
  };
  const snippet = `<script src="${window.location.origin}/widget.js" async></script>`;

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
              <form onSubmit={submit} className="grid gap-4" aria-label={t('widget.settings')}>
                <label className="grid gap-1.5 text-sm font-medium">
                  {t('widget.origins')}
                  <textarea
                    value={origins}
                    onChange={(e) => setOrigins(e.target.value)}
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
                <label className="grid gap-1.5 text-sm font-medium">
                  {t('widget.brandTitle')}
                  <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={80} placeholder={t('chat.title')} />
                </label>
                <label className="grid gap-1.5 text-sm font-medium">
                  {t('widget.color')}
                  <span className="flex items-center gap-3">
                    <input type="color" value={color} onChange={(e) => setColor(e.target.value)} className="h-9 w-14 rounded border border-input" aria-label={t('widget.color')} />
                    <code className="text-xs" dir="ltr">{color}</code>
                  </span>
                </label>
                <label className="grid gap-1.5 text-sm font-medium">
                  {t('widget.greeting')}
                  <textarea
                    value={greeting}
                    onChange={(e) => setGreeting(e.target.value)}
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
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('widget.embed')}</CardTitle>
              <CardDescription>{t('widget.embedHint')}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              {/* The tag wraps (nothing cut off or scrolled on a phone); Copy puts it on the clipboard whole. */}
              <pre className="whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 text-xs text-slate-100" dir="ltr" data-testid="widget-snippet">{snippet}</pre>
              <Button
                variant="outline"
                className="justify-self-start"
                aria-label={t('widget.copyNamed')}
                data-testid="widget-copy"
                onClick={() => void navigator.clipboard.writeText(snippet).then(
                  () => toast({ title: t('common.success'), description: t('widget.copied') }),
                  () => document.getSelection()?.selectAllChildren(document.querySelector('[data-testid="widget-snippet"]')!),
                )}
              >
                <Copy aria-hidden />
                {t('widget.copy')}
              </Button>
              <p className="text-xs text-muted-foreground">{t('widget.attributes')}</p>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </section>
  );
}
