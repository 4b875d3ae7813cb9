import { MoreHorizontal } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  const [place, setPlace] = useState<{ top?: number; bottom?: number; left?: number; right?: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusAt = useRef<'first' | 'last'>('first');
  const id = useId();

  const enabled = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])];
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Placed under the button, aligned with its end (the left edge in right-to-left pages); above it when the window
  // has no room for it below (the last rows on a phone), so every item stays on screen.
  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const r = button.current.getBoundingClientRect();
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const height = items.length * 40 + 12;
    const vertical = window.innerHeight - r.bottom < height + 8 && r.top > window.innerHeight - r.bottom ? { bottom: window.innerHeight - r.top + 4 } : { top: r.bottom + 4 };
    setPlace(rtl ? { ...vertical, left: Math.max(4, r.left) } : { ...vertical, right: Math.max(4, window.innerWidth - r.right) });
  }, [open, items.length]);

  useEffect(() => {
    if (!open || !place) return;
    const items = enabled();
    // Without scrolling: a scroll closes the menu.
    (focusAt.current === 'last' ? items.at(-1) : items[0])?.focus({ preventScroll: true });
  }, [open, place]);

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
  }, [open, close]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusAt.current = e.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = enabled();
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const go = (i: number) => { e.preventDefault(); items[(i + items.length) % items.length]?.focus(); };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(true); }
    else if (e.key === 'Tab') close(false);
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
          <div
            ref={menu}
            id={id}
            role="menu"
            aria-label={label}
            dir={getComputedStyle(button.current ?? document.body).direction}
            onKeyDown={onMenuKey}
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
                onClick={() => { close(true); item.onSelect(); }}
                className={cn(
                  'flex min-h-9 items-center gap-2 rounded px-3 py-1.5 text-start outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 [&_svg]:size-4',
                  item.destructive && 'text-red-700',
                )}
              >
                {item.icon}
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )
        : null}
    </>
  );
}
