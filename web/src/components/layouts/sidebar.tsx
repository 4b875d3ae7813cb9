import {
  BarChart3,
  ChevronDown,
  Film,
  FileText,
  HardDrive,
  MessageSquareCode,
  Image as ImageIcon,
  Languages,
  LayoutDashboard,
  LogOut,
  MessagesSquare,
  Mic,
  Presentation,
  Radio,
  GraduationCap,
  Search,
  Tags,
  ScrollText,
  ShieldCheck,
  Inbox,
  Globe,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAV_CONTENT, NAV_TOP, type NavId, type NavItem } from '../../config/admin-sections';
import { STORAGE_KEYS } from '../../config/constants';
import { cn } from '../../lib/cn';

const ICONS: Record<NavId, LucideIcon> = {
  dashboard: LayoutDashboard,
  review: ShieldCheck,
  audit: ScrollText,
  requests: Inbox,
  sites: Globe,
  users: UsersRound,
  categories: Tags,
  'file-manager': HardDrive,
  analytics: BarChart3,
  widget: MessageSquareCode,
  'rag-bot': Search,
  'chatbot-responses': MessagesSquare,
  documents: FileText,
  'bot-images': ImageIcon,
  presentations: Presentation,
  'presentation-images': ImageIcon,
  'presentation-translations': Languages,
  videos: Film,
  broadcast: Radio,
  podcast: Mic,
  'learning-resources': GraduationCap,
  'video-translations': Languages,
};

function readOpen(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.sidebarOpen) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

/**
 * The admin sidebar (w-64): fixed user label, items, the "File Upload Section"
 * divider, dropdown parents with their own chevron buttons (several may be
 * open; the state is kept per parent), logout.
 */
export function Sidebar({ active, onSelect, onLogout }: { active: NavId; onSelect: (id: NavId) => void; onLogout?: () => void }) {
  const { t } = useTranslation();
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

  const renderItem = (item: NavItem) => {
    const Icon = ICONS[item.id];
    const childActive = item.children?.includes(active) ?? false;
    const isActive = active === item.id;
    const expanded = Boolean(open[item.id]);
    const listId = `nav-children-${item.id}`;
    return (
      <li key={item.id}>
        <div
          className={cn(
            'group flex items-center rounded-lg transition-colors',
            isActive ? 'bg-primary text-primary-foreground' : childActive ? 'bg-blue-50 text-foreground' : 'text-slate-600 hover:bg-muted hover:text-foreground',
          )}
          data-active={isActive || childActive ? 'true' : undefined}
        >
          <button
            type="button"
            onClick={() => onSelect(item.id)}
            aria-current={isActive ? 'page' : undefined}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-nav={item.id}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{t(`nav.${item.id}`)}</span>
          </button>
          {item.children ? (
            <button
              type="button"
              onClick={() => toggle(item.id)}
              aria-expanded={expanded}
              aria-controls={listId}
              aria-label={t(expanded ? 'nav.collapse' : 'nav.expand', { name: t(`nav.${item.id}`) })}
              className="me-1 rounded-md p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ChevronDown className={cn('size-4 transition-transform', expanded ? 'rotate-180' : '')} aria-hidden />
            </button>
          ) : null}
        </div>
        {item.children && expanded ? (
          <ul id={listId} className="mt-1 grid gap-0.5 border-s border-border ps-3 ms-5">
            {item.children.map((child) => {
              const ChildIcon = ICONS[child];
              const on = active === child;
              return (
                <li key={child}>
                  <button
                    type="button"
                    onClick={() => onSelect(child)}
                    aria-current={on ? 'page' : undefined}
                    data-nav={child}
                    className={cn(
                      'flex w-full items-center gap-2.5 rounded-md px-3 py-1.5 text-start text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      on ? 'bg-primary font-medium text-primary-foreground' : 'text-slate-600 hover:bg-muted hover:text-foreground',
                    )}
                  >
                    <ChildIcon className="size-3.5 shrink-0" aria-hidden />
                    <span className="truncate">{t(`nav.${child}`)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <div className="flex h-full w-full flex-col bg-background">
      <div className="flex items-center gap-3 border-b border-border px-5 py-4">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground" aria-hidden>
          SH
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{t('nav.brand')}</p>
          <p className="truncate text-xs text-muted-foreground">{t('nav.brandTagline')}</p>
        </div>
      </div>
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
    </div>
  );
}
