import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '../../config/constants';
import { cn } from '../../lib/cn';
import { dismiss, useToast } from './use-toast';

/** The notification area: F8 focuses it (Radix default hotkey). */
export function Toaster() {
  const { toasts } = useToast();
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection={rtl ? 'left' : 'right'}
      // What a screen reader says before each toast ("Notification: Saved: The category was created").
      label={t('common.notification')}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          data-testid="toast"
          data-variant={item.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pe-8 shadow-lg transition-all',
            'data-[state=open]:animate-rise data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:opacity-0',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            {item.title ? <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title> : null}
            {item.title && item.description ? <span className="sr-only">: </span> : null}
            {item.description ? (
              <ToastPrimitive.Description className={item.variant === 'destructive' ? 'text-sm' : 'text-sm opacity-90'}>{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          {item.action}
          <ToastPrimitive.Close
            aria-label={t('common.close')}
            className={cn(
              'absolute end-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100',
              item.variant === 'destructive' ? 'text-destructive-foreground' : 'text-foreground/60',
            )}
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={t('common.notifications')}
        className={cn(
          'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:top-auto sm:flex-col md:max-w-[420px]',
          rtl ? 'left-0' : 'right-0',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
