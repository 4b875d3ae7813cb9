import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAV_CONTENT, NAV_TOP, type NavId, type NavItem } from '../../config/admin-sections';
import { STORAGE_KEYS } from '../../config/constants';
import { NavEntry } from './sidebar-nav';

function readOpen(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.sidebarOpen) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

/** Which dropdown parents are open (kept per parent in localStorage; the active item's parent opens). */
function useOpenParents(active: NavId) {
  const [open, setOpen] = useState<Record<string, boolean>>(() => {
    const stored = readOpen();
    for (const item of NAV_CONTENT) if (item.children?.includes(active)) stored[item.id] = true;
    return stored;
  });
  const toggle = (id: string) =>
    setOpen((o) => {
      const next = { ...o, [id]: !o[id] };
      try {
        localStorage.setItem(STORAGE_KEYS.sidebarOpen, JSON.stringify(next));
      } catch {
        /* open state then lasts for this page only */
      }
      return next;
    });
  return { open, toggle };
}

/** The brand at the top of the sidebar. */
function SidebarBrand() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 border-b border-border px-5 py-4">
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground" aria-hidden>
        SH
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{t('nav.brand')}</p>
        <p className="truncate text-xs text-muted-foreground">{t('nav.brandTagline')}</p>
      </div>
    </div>
  );
}

/** The user label and Log out at the foot of the sidebar. */
function SidebarUser({ onLogout }: { onLogout?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="border-t border-border p-3">
      <div className="mb-2 flex items-center gap-3 rounded-lg px-2 py-1.5">
        <span className="flex size-9 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-800" aria-hidden>
          AU
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" data-testid="user-name">{t('nav.userName')}</p>
          <p className="truncate text-xs text-muted-foreground">{t('nav.userTitle')}</p>
        </div>
      </div>
      {onLogout ? (
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-red-50 hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('nav.logout')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The admin sidebar (w-64): fixed user label, items, the "File Upload Section"
 * divider, dropdown parents with their own chevron buttons (several may be
 * open; the state is kept per parent), logout.
 */
export function Sidebar({ active, onSelect, onLogout }: { active: NavId; onSelect: (id: NavId) => void; onLogout?: () => void }) {
  const { t } = useTranslation();
  const { open, toggle } = useOpenParents(active);
  const renderItem = (item: NavItem) => (
    <NavEntry key={item.id} item={item} active={active} expanded={Boolean(open[item.id])} onSelect={onSelect} onToggle={toggle} />
  );

  return (
    <div className="flex h-full w-full flex-col bg-background">
      <SidebarBrand />
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">{NAV_TOP.map(renderItem)}</ul>
        <div className="mb-2 mt-6 flex items-center gap-2 px-3">
          <h2 id="nav-file-upload-section" className="text-[11px] font-semibold uppercase tracking-wider text-muted-foreground">
            {t('nav.fileUploadSection')}
          </h2>
          <span className="h-px flex-1 bg-border" aria-hidden />
        </div>
        <ul className="grid gap-1" aria-labelledby="nav-file-upload-section">
          {NAV_CONTENT.map(renderItem)}
        </ul>
      </nav>
      <SidebarUser onLogout={onLogout} />
    </div>
  );
}
