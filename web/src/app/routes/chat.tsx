import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageToggle } from '../../components/language-toggle';
import { buttonClasses } from '../../components/ui/button';
import { CHAT_WINDOW_HEIGHT_PX } from '../../config/constants';
import { paths } from '../../config/paths';
import { ChatWindow } from '../../features/chat/components/chat-window';

/** /chat: the public assistant, reachable without sign-in. */
export default function ChatRoute() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('chat.title')} · ${t('nav.brand')}`;
  }, [t]);
  return (
    <div className="min-h-screen bg-gradient-to-br from-slate-100 via-white to-blue-50">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-4">
        <Link to={paths.home.getHref()} className={buttonClasses('ghost', 'sm', 'min-h-11 sm:min-h-0')}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {t('chat.back')}
        </Link>
        <LanguageToggle />
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-10">
        <h1 className="sr-only">{t('chat.title')}</h1>
        {/* 700 px, or less so the page (header, window, note) fits a short window: an 800 px tall phone shows it all. */}
        <ChatWindow title={t('chat.title')} height={`min(${CHAT_WINDOW_HEIGHT_PX}px, calc(100dvh - 11rem))`} />
        <p className="mt-3 text-center text-xs text-muted-foreground">{t('chat.disclaimer')}</p>
      </main>
    </div>
  );
}
