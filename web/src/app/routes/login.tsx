import { Building2, MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageToggle } from '../../components/language-toggle';
import { Tooltip } from '../../components/ui/tooltip';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { LoginForm } from '../../features/auth/components/login-form';

/** Sign-in screen: language toggle above the form, floating chat button (bottom right; bottom left in Hebrew). */
export default function LoginRoute() {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  useEffect(() => {
    document.title = `${t('login.title')} · ${t('nav.brand')}`;
  }, [t]);
  return (
    <div className="relative flex min-h-screen flex-col items-center justify-center overflow-hidden bg-gradient-to-br from-slate-100 via-white to-blue-50 px-4 py-12">
      <div className="pointer-events-none absolute -top-32 start-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-blue-200/30 blur-3xl" aria-hidden />
      <main className="relative w-full max-w-md">
        <div className="mb-6 flex justify-center animate-rise">
          <LanguageToggle />
        </div>
        <div className="rounded-2xl border border-border bg-background/95 p-8 shadow-xl backdrop-blur animate-rise" style={{ animationDelay: '120ms' }}>
          <div className="mb-8 flex flex-col items-center text-center">
            <span className="mb-4 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-md" aria-hidden>
              <Building2 className="size-6" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{t('login.title')}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{t('login.subtitle')}</p>
          </div>
          <LoginForm />
        </div>
        <p className="mt-6 text-center text-xs text-muted-foreground animate-fade-in" style={{ animationDelay: '300ms' }}>
          {t('login.footer')}
        </p>
      </main>
      <Tooltip content={t('chat.title')} side={rtl ? 'right' : 'left'}>
        <Link
          to={paths.chat.getHref()}
          aria-label={t('login.openChat', { title: t('chat.title') })}
          data-testid="floating-chat"
          className={cn(
            'fixed bottom-6 flex size-14 items-center justify-center rounded-full bg-brand text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-blue-300',
            rtl ? 'left-6' : 'right-6',
          )}
        >
          <MessageCircle className="size-6" aria-hidden />
        </Link>
      </Tooltip>
    </div>
  );
}
