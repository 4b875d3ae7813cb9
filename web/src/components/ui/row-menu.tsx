import { MoreHorizontal } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface RowMenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  destructive?: boolean;
  disabled?: boolean;
}

type Place = { top?: number; bottom?: number; left?: number; right?: number };

/**
 * Placed under the button, aligned with its end (the left edge in right-to-left pages); above it when the window
 * has no room for it below (the last rows on a phone), so every item stays on screen.
 */
function useMenuPlace(open: boolean, button: RefObject<HTMLButtonElement | null>, count: number) {
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const r = button.current.getBoundingClientRect();
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const height = count * 40 + 12;
    const vertical = window.innerHeight - r.bottom < height + 8 && r.top > window.innerHeight - r.bottom ? { bottom: window.innerHeight - r.top + 4 } : { top: r.bottom + 4 };
    setPlace(rtl ? { ...vertical, left: Math.max(4, r.left) } : { ...vertical, right: Math.max(4, window.innerWidth - r.right) });
  }, [open, count, button]);
  return place;
}

/** While open, a click elsewhere, a resize or a scroll closes the menu. */
function useCloseWhenAway(open: boolean, close: (returnFocus: boolean) => void, menu: RefObject<HTMLDivElement | null>, button: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) close(false);
    };
    const moved = () => close(false);
    document.addEventListener('pointerdown', away);
    window.addEventListener('resize', moved);
    window.addEventListener('scroll', moved, true);
    return () => {
      document.removeEventListener('pointerdown', away);
      window.removeEventListener('resize', moved);
      window.removeEventListener('scroll', moved, true);
    };
  }, [open, close, menu, button]);
}

/** The menu's keys: arrows and Home/End move between the items given, Escape closes (focus back), Tab closes. */
function onMenuKey(e: KeyboardEvent<HTMLDivElement>, items: HTMLButtonElement[], close: (returnFocus: boolean) => void) {
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  const go = (i: number) => { e.preventDefault(); items[(i + items.length) % items.length]?.focus(); };
  if (e.key === 'ArrowDown') go(at + 1);
  else if (e.key === 'ArrowUp') go(at - 1);
  else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(items.length - 1);
  else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(true); }
  else if (e.key === 'Tab') close(false);
}

/** The open menu, laid over the page at `place`. */
function MenuList({ id, label, dir, place, items, menuRef, onKeyDown, onPick }: {
  id: string; label: string; dir: string; place: Place; items: RowMenuItem[];
  menuRef: RefObject<HTMLDivElement | null>; onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void; onPick: (item: RowMenuItem) => void;
}) {
  return (
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-label={label}
      dir={dir}
      onKeyDown={onKeyDown}
      style={{ position: 'fixed', top: place.top, bottom: place.bottom, left: place.left, right: place.right }}
      className="z-50 grid min-w-40 gap-0.5 rounded-md border border-border bg-card p-1 text-sm text-foreground shadow-lg"
      data-testid="row-menu"
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          disabled={item.disabled}
          onClick={() => onPick(item)}
          className={cn(
            'flex min-h-9 items-center gap-2 rounded px-3 py-1.5 text-start outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 [&_svg]:size-4',
            item.destructive && 'text-red-700',
          )}
        >
          {item.icon}
          {item.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A table row's menu of actions (the WAI-ARIA menu button pattern): a button
 * with aria-haspopup="menu" opens it with Enter, Space or Arrow Down (focus
 * on the first item; Arrow Up opens on the last), arrows and Home/End move
 * between items, Enter or Space runs one, Escape closes it and gives the
 * focus back to the button, Tab or a click elsewhere closes it. The menu is
 * laid over the page (not clipped by the table's scroller) at the button's
 * end side, right to left included.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusAt = useRef<'first' | 'last'>('first');
  const id = useId();

  const enabled = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])];
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  const place = useMenuPlace(open, button, items.length);

  useEffect(() => {
    if (!open || !place) return;
    const items = enabled();
    // Without scrolling: a scroll closes the menu.
    (focusAt.current === 'last' ? items.at(-1) : items[0])?.focus({ preventScroll: true });
  }, [open, place]);

  useCloseWhenAway(open, close, menu, button);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusAt.current = e.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => { focusAt.current = 'first'; setOpen((o) => !o); }}
        onKeyDown={onButtonKey}
      >
        <MoreHorizontal aria-hidden />
      </Button>
      {open && place
        ? createPortal(
          <MenuList
            id={id} label={label} dir={getComputedStyle(button.current ?? document.body).direction} place={place} items={items} menuRef={menu}
            onKeyDown={(e) => onMenuKey(e, enabled(), close)}
            onPick={(item) => { close(true); item.onSelect(); }}
          />,
          document.body,
        )
        : null}
    </>
  );
}
