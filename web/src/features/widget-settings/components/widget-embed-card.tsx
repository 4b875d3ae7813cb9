import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';

/** The tag to paste into a site, and Copy (which selects the tag when the clipboard refuses). */
export function WidgetEmbedCard() {
  const { t } = useTranslation();
  const snippet = `<script src="${window.location.origin}/widget.js" async></script>`;
  return (
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
  );
}
