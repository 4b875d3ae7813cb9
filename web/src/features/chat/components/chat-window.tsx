import { Bot, Download, FileText, Film, Play, Presentation, User } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerRating } from '../../../components/answer-rating';
import { ChatInputRow, MessageLog } from '../../../components/chat-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { CHAT_WINDOW_HEIGHT_PX } from '../../../config/constants';
import { cn } from '../../../lib/cn';
import { isolateRuns } from '../../../lib/bidi';
import { formatTime, isRtlText } from '../../../lib/format';
import { wordTitleLanguage } from '../../../lib/messages';
import { downloadMedia } from '../download-media';
import { clock, startSecond, type ChatMedia } from '../media';
import type { Citation } from '@core/foundation/types';
import { usePublicChat, type ChatLine } from '../use-public-chat';
import { Ltr } from '../../../components/ltr';
import { HandoffForm } from './handoff-form';
import { RelatedPassages } from '../../../components/related-passages';

function MediaButton({ media }: { media: ChatMedia }) {
  const { t, i18n } = useTranslation();
  // A translated file's title ends with its language's product name ("Guide (spanish)"): worded in the reader's language.
  const title = wordTitleLanguage(i18n.language, media.title);
  const [busy, setBusy] = useState(false);
  const Icon = media.kind === 'video' ? Film : media.kind === 'presentation' ? Presentation : FileText;
  const label = t(media.kind === 'video' ? 'chat.downloadVideo' : media.kind === 'presentation' ? 'chat.downloadPresentation' : 'chat.downloadDocument');
  // A cited video moment: the frame of the quoted sentence and a link that plays from it.
  const at = media.kind === 'video' ? startSecond(media.filePath) : null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 rounded-lg border border-border bg-background p-2.5" data-testid="chat-media">
      {at !== null ? (
        <a href={media.filePath} target="_blank" rel="noopener" className="block w-full" data-testid="chat-video-moment">
          {media.frame ? (
            <img src={media.frame} alt={t('chat.videoFrame', { title, time: clock(at) })} className="mb-1.5 max-h-48 w-full rounded-md bg-black object-contain" loading="lazy" />
          ) : null}
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-brand underline-offset-2 hover:underline">
            <Play className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('chat.watchFrom', { time: clock(at) })}
          </span>
        </a>
      ) : null}
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-blue-50 text-brand">
        <Icon className="size-4" aria-hidden />
      </span>
      {/* At least 8rem for the title and badge: on a narrow bubble the button moves to its own line instead of covering them. */}
      <div className="min-w-32 flex-1">
        <p dir="auto" className="line-clamp-2 break-words text-start text-sm font-medium" title={title}>
          {title}
        </p>
        <Badge tone={media.isTranslated ? 'violet' : 'gray'} className="mt-0.5">
          {media.isTranslated ? t('chat.translated') : t('chat.original')}
        </Badge>
      </div>
      {media.downloadable ? (
        <Button
          size="sm"
          variant="outline"
          className="ms-auto"
          disabled={busy}
          aria-label={`${label}: ${title}`}
          onClick={async () => {
            setBusy(true);
            try {
              await downloadMedia(media, { videoNotFound: t('chat.videoNotFound'), videoFailed: t('chat.videoFailed') });
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? <Spinner /> : <Download aria-hidden />}
          {t('common.download')}
        </Button>
      ) : null}
    </div>
  );
}

/** The answer's sources as links opening each passage in the viewer (the message's "Sources:" line names them too). */
function SourceLinks({ citations }: { citations: Citation[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label={t('rag.sources')} data-testid="chat-citations">
      {citations.map((c, i) => (c.viewerUrl ? (
        <li key={`${c.itemType}-${c.itemId}-${c.page ?? c.slide ?? c.startSec ?? i}`}>
          <a href={c.viewerUrl} target="_blank" rel="noopener noreferrer" className="rounded border border-border px-1.5 py-0.5 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            [{i + 1}] <bdi>{wordTitleLanguage(i18n.language, c.title)}</bdi>
            {c.page != null ? <> · <Ltr>{t('rag.page', { page: c.page })}</Ltr></> : c.slide != null ? <> · <Ltr>{t('rag.slide', { slide: c.slide })}</Ltr></> : null}
          </a>
        </li>
      ) : null))}
    </ul>
  );
}

function Bubble({ line, referenceId, offer }: { line: ChatLine; referenceId: string | null; offer: boolean }) {
  const { t } = useTranslation();
  const mine = line.role === 'user';
  const rtl = isRtlText(line.text);
  return (
    <li className={cn('flex items-end gap-2', mine ? 'flex-row-reverse' : 'flex-row')} data-testid={mine ? 'chat-user-message' : 'chat-bot-message'}>
      <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', mine ? 'bg-primary text-primary-foreground' : 'bg-blue-100 text-blue-800')} aria-hidden>
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className={cn('max-w-[80%] rounded-2xl px-4 py-2.5 shadow-sm', mine ? 'rounded-ee-sm bg-primary text-primary-foreground' : 'rounded-es-sm border border-border bg-card')}>
        <span className="sr-only">{mine ? t('chat.you') : t('chat.assistant')}: </span>
        <p dir={rtl ? 'rtl' : 'ltr'} className={cn('whitespace-pre-wrap break-words text-sm', rtl ? 'text-right' : 'text-left')}>
          {/* Embedded runs of the other direction isolated (lib/bidi.ts), spaces kept. */}
          {isolateRuns(line.text, rtl)}
        </p>
        {line.media ? <MediaButton media={line.media} /> : null}
        {line.citations?.some((c) => c.viewerUrl) ? <SourceLinks citations={line.citations} /> : null}
        {line.related?.length ? <RelatedPassages related={line.related} /> : null}
        {!mine && line.answerId && referenceId ? <AnswerRating referenceId={referenceId} answerId={line.answerId} /> : null}
        {offer && referenceId ? <HandoffForm referenceId={referenceId} /> : null}
        <p className={cn('mt-1 text-[11px]', mine ? 'text-primary-foreground/70' : 'text-muted-foreground')}><Ltr>{formatTime(line.time)}</Ltr></p>
      </div>
    </li>
  );
}

/** The window's title bar: the assistant's avatar, its name and "online". */
function ChatHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center gap-3 border-b border-border bg-primary px-5 py-4 text-primary-foreground">
      <span className="relative flex size-10 items-center justify-center rounded-full bg-white/15" aria-hidden>
        <Bot className="size-5" />
        <span className="absolute bottom-0 end-0 size-3 rounded-full border-2 border-primary bg-green-400" />
      </span>
      <div>
        <h2 className="font-semibold leading-tight">{title}</h2>
        <p className="flex items-center gap-1.5 text-xs text-primary-foreground/80">
          <span className="size-1.5 rounded-full bg-green-400" aria-hidden />
          {t('chat.online')}
        </p>
      </div>
    </header>
  );
}

/** The assistant is typing: three bouncing dots (a status for screen readers). */
function TypingIndicator() {
  const { t } = useTranslation();
  return (
    <li className="flex items-end gap-2" data-testid="typing-indicator">
      <span className="flex size-8 items-center justify-center rounded-full bg-blue-100 text-blue-800" aria-hidden>
        <Bot className="size-4" />
      </span>
      <div className="flex gap-1 rounded-2xl rounded-es-sm border border-border bg-card px-4 py-3.5" role="status">
        <span className="sr-only">{t('chat.typing')}</span>
        {[0, 1, 2].map((i) => (
          <span key={i} className="size-2 animate-bounce-dot rounded-full bg-slate-400" style={{ animationDelay: `${i * 0.16}s` }} aria-hidden />
        ))}
      </div>
    </li>
  );
}

/** The public assistant: 700 px window, typing indicator, Enter sends and Shift+Enter adds a line. */
export function ChatWindow({ title, height = CHAT_WINDOW_HEIGHT_PX, className }: { title: string; height?: number | string; className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { referenceId, messages, typing, ready, send, regreet } = usePublicChat(t('chat.failure'));
  // The greeting follows the language switch while the visitor has not written yet.
  const greetedIn = useRef(i18n.language);
  useEffect(() => {
    if (!ready || i18n.language === greetedIn.current) return;
    greetedIn.current = i18n.language;
    if (messages.every((m) => m.role === 'bot')) void regreet();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a language change asks again
  }, [i18n.language, ready]);
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    const text = input.trim();
    if (!text || typing) return;
    setInput('');
    inputRef.current?.focus(); // also when sent with the button, which is disabled next
    void send(text).then(() => inputRef.current?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  const inputRtl = isRtlText(input);
  // The hand-off form shows under the latest reply that offered it.
  const lastOffer = [...messages].reverse().find((m) => m.role === 'bot' && m.handoff)?.id ?? null;

  return (
    <div className={cn('flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-lg', className)} style={{ height }} data-testid="chat-window">
      <ChatHeader title={title} />
      <MessageLog follow={[messages, typing]}>
        {messages.map((m) => (
          <Bubble key={m.key ?? m.id} line={m} referenceId={referenceId} offer={m.id === lastOffer} />
        ))}
        {typing ? <TypingIndicator /> : null}
      </MessageLog>
      <ChatInputRow inputId={`${id}-input`} label={t('chat.inputLabel')} onSend={submit} canSend={!typing && !!input.trim()}>
        <textarea
          ref={inputRef}
          id={`${id}-input`}
          rows={1}
          value={input}
          dir={inputRtl ? 'rtl' : 'auto'}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          // Read-only (not disabled) while the assistant types: a disabled field drops the keyboard focus to the page.
          readOnly={typing}
          aria-busy={typing}
          placeholder={t('chat.placeholder')}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-sm placeholder:truncate focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring read-only:opacity-60 disabled:opacity-60"
        />
      </ChatInputRow>
    </div>
  );
}
