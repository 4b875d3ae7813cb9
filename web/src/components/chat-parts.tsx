import { Send } from 'lucide-react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';

/** Shared parts of the chat windows: the scrolling message log and the input row with its send button. */

/** The message list, announced politely; it scrolls to the end whenever a value in `follow` changes. */
export function MessageLog({ follow, children }: { follow: readonly unknown[]; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller says what to follow
  }, follow);
  return (
    // The log is a region around the list (a list with role="log" is no list: its items would stand alone).
    <div ref={ref} role="log" aria-live="polite" aria-label={t('chat.messages')} className="flex flex-1 flex-col overflow-y-auto bg-muted/40 p-5">
      <ol className="flex flex-1 flex-col gap-4">{children}</ol>
    </div>
  );
}

/** The input row: a screen-reader label, the caller's input (`children`) and the send button. */
export function ChatInputRow({
  inputId,
  label,
  onSend,
  canSend,
  sendIcon,
  children,
}: {
  inputId: string;
  label: string;
  onSend: () => void;
  canSend: boolean;
  /** Replaces the paper-plane icon, e.g. with a spinner while waiting. */
  sendIcon?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="flex items-end gap-2 border-t border-border bg-card p-3"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSend();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {children}
      <Button type="submit" size="icon" className="size-11" disabled={!canSend} aria-label={t('chat.send')}>
        {sendIcon ?? <Send aria-hidden className="rtl:-scale-x-100" />}
      </Button>
    </form>
  );
}
