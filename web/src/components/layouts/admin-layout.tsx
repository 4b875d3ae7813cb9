import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, MessageCircle, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { NavId } from '../../config/admin-sections';
import { LanguageToggle } from '../language-toggle';
import { buttonClasses } from '../ui/button';
import { Sidebar } from './sidebar';

/** The admin shell: fixed sidebar on md+, a drawer below; top bar with language and chat link. */
export function AdminLayout({ active, onSelect, onLogout, children }: { active: NavId; onSelect: (id: NavId) => void; onLogout: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);

  // Move focus to the new section so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: false });
    window.scrollTo({ top: 0 });
  }, [active]);

  const select = (id: NavId) => {
    setDrawer(false);
    onSelect(id);
  };

  return (
    <div className="min-h-screen bg-muted md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow">
        {t('common.skipToContent')}
      </a>

      <DialogPrimitive.Root open={drawer} onOpenChange={setDrawer}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50 md:hidden" />
          <DialogPrimitive.Content className="fixed inset-y-0 start-0 z-50 w-64 animate-fade-in shadow-xl md:hidden">
            <DialogPrimitive.Title className="sr-only">{t('nav.label')}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">{t('nav.label')}</DialogPrimitive.Description>
            <Sidebar active={active} onSelect={select} onLogout={onLogout} />
            <DialogPrimitive.Close aria-label={t('common.close')} className="absolute -end-11 top-3 rounded-md bg-background p-1.5 shadow">
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <aside className="z-30 hidden w-64 shrink-0 border-e border-border bg-background md:block">
        <div className="sticky top-0 h-screen">
          <Sidebar active={active} onSelect={select} onLogout={onLogout} />
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-border bg-background/90 px-4 backdrop-blur md:px-8">
          <button type="button" className={buttonClasses('ghost', 'icon', 'md:hidden')} onClick={() => setDrawer(true)} aria-label={t('nav.openMenu')}>
            <Menu aria-hidden />
          </button>
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-muted-foreground">{t(`nav.${active}`)}</p>
          <div className="flex shrink-0 items-center gap-2">
            {/* On a phone the chat link is its icon (named for screen readers), leaving room for the section name. */}
            <Link to={paths.chat.getHref()} className={buttonClasses('outline', 'sm', 'max-sm:size-8 max-sm:px-0')} aria-label={t('nav.openChat')} title={t('nav.openChat')}>
              <MessageCircle aria-hidden />
              <span className="max-sm:sr-only">{t('nav.openChat')}</span>
            </Link>
            <LanguageToggle />
          </div>
        </header>
        <main id="main" ref={mainRef} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none md:px-8 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
