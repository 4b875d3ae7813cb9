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
import { useTranslation } from 'react-i18next';
import type { NavId, NavItem } from '../../config/admin-sections';
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

/** A parent's children, indented under it. */
function NavChildren({ id, items, active, onSelect }: { id: string; items: NavId[]; active: NavId; onSelect: (id: NavId) => void }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="mt-1 grid gap-0.5 border-s border-border ps-3 ms-5">
      {items.map((child) => {
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
  );
}

/** One sidebar item: its button, and for a parent its chevron and (when open) its children. */
export function NavEntry({ item, active, expanded, onSelect, onToggle }: {
  item: NavItem; active: NavId; expanded: boolean; onSelect: (id: NavId) => void; onToggle: (id: string) => void;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[item.id];
  const childActive = item.children?.includes(active) ?? false;
  const isActive = active === item.id;
  const listId = `nav-children-${item.id}`;
  return (
    <li>
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
            onClick={() => onToggle(item.id)}
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={t(expanded ? 'nav.collapse' : 'nav.expand', { name: t(`nav.${item.id}`) })}
            className="me-1 rounded-md p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronDown className={cn('size-4 transition-transform', expanded ? 'rotate-180' : '')} aria-hidden />
          </button>
        ) : null}
      </div>
      {item.children && expanded ? <NavChildren id={listId} items={item.children} active={active} onSelect={onSelect} /> : null}
    </li>
  );
}
