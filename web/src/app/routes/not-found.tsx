import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('notFound.title');
  }, [t]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="w-full max-w-md rounded-xl border border-border bg-background p-8 shadow-sm">
        <div className="mb-4 flex items-center gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
        </div>
        <p className="mb-6 text-sm text-muted-foreground">{t('notFound.text')}</p>
        <Link to={paths.home.getHref()} className={buttonClasses('default')}>
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
