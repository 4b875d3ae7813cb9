import { ArrowLeft, BookOpen, Globe2, Image as ImageIcon, MessagesSquare, Search, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageToggle } from '../../components/language-toggle';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { RagChatCard } from '../../features/rag-bot/components/rag-chat-card';

const POINTS = [
  { key: 'howSearch', icon: Search },
  { key: 'howImages', icon: ImageIcon },
  { key: 'howContext', icon: MessagesSquare },
  { key: 'howLanguages', icon: Globe2 },
  { key: 'howSources', icon: ShieldCheck },
] as const;

/** /rag-bot: questions answered only from the uploaded documents. */
export default function RagBotRoute() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('rag.botName')} · ${t('nav.brand')}`;
  }, [t]);
  return (
    <div className="min-h-screen bg-muted">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.dashboard.getHref()} className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('rag.back')}
          </Link>
          <LanguageToggle />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">
        <div className="mx-auto mb-6 max-w-4xl">
          <div className="mb-2 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">{t('rag.botName')}</h1>
            <Badge tone="green">
              <BookOpen className="size-3" aria-hidden />
              {t('rag.badge')}
            </Badge>
          </div>
          <p className="text-muted-foreground">{t('rag.explanation')}</p>
        </div>
        <RagChatCard />
        <section aria-labelledby="how-it-works" className="mx-auto mt-6 max-w-4xl rounded-xl border border-blue-200 bg-blue-50/70 p-5">
          <h2 id="how-it-works" className="mb-3 font-semibold text-blue-950">
            {t('rag.howTitle')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {POINTS.map((p) => (
              <li key={p.key} className="flex gap-2.5 text-sm text-blue-950">
                <p.icon className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
                <span>
                  <strong className="font-semibold">{t(`rag.${p.key}`)}</strong> — {t(`rag.${p.key}Text`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
