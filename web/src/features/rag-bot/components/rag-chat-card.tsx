import { Bot, BookOpen, Search, Trash2, User } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerRating } from '../../../components/answer-rating';
import { ChatInputRow, MessageLog } from '../../../components/chat-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { RAG_WINDOW_HEIGHT_PX } from '../../../config/constants';
import { isolateRuns } from '../../../lib/bidi';
import { useFitHeight } from '../../../lib/use-fit-height';
import { cn } from '../../../lib/cn';
import { formatTime, isRtlText, languageLabel } from '../../../lib/format';
import { sessionBadge } from '../session';
import { useRagChat, type RagChatMessage } from '../use-rag-chat';
import { wordTitleLanguage } from '../../../lib/messages';
import { Ltr } from '../../../components/ltr';
import { RelatedPassages } from '../../../components/related-passages';

const clock = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

function SourceImages({ urls }: { urls: string[] }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  // An image that fails to load is left out; with none left there is no block (never a heading over nothing).
  const visible = urls.filter((u) => !hidden.has(u));
  if (!visible.length) return null;
  return (
    <div className="mt-3" data-testid="source-images">
      <p className="mb-1.5 text-xs font-medium text-muted-foreground">{t('rag.sourceImages', { count: visible.length })}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {urls.map((url, i) =>
          hidden.has(url) ? null : (
            <a key={url} href={url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-md border border-border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <img
                src={url}
                alt={t('rag.sourceImageAlt', { n: i + 1 })}
                loading="lazy"
                className="aspect-[4/3] w-full bg-white object-contain"
                onError={() => setHidden((s) => new Set(s).add(url))}
              />
            </a>
          ),
        )}
      </div>
    </div>
  );
}

function Message({ msg, sessionId }: { msg: RagChatMessage; sessionId: string }) {
  const { t, i18n } = useTranslation();
  const mine = msg.type === 'user';
  const rtl = isRtlText(msg.content);
  return (
    <li className={cn('flex gap-3', mine ? 'flex-row-reverse' : 'flex-row')} data-testid={mine ? 'rag-user-message' : 'rag-bot-message'} data-id={msg.id}>
      <span className={cn('mt-1 flex size-8 shrink-0 items-center justify-center rounded-full', mine ? 'bg-primary text-primary-foreground' : 'bg-emerald-100 text-emerald-700')} aria-hidden>
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className={cn('max-w-[85%] rounded-2xl px-4 py-3 shadow-sm', mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-card')}>
        <span className="sr-only">{mine ? t('chat.you') : t('rag.botName')}: </span>
        <p dir={rtl ? 'rtl' : 'ltr'} className={cn('whitespace-pre-wrap break-words text-sm leading-relaxed', rtl ? 'text-right' : 'text-left')}>
          {/* Embedded runs of the other direction isolated (lib/bidi.ts): an English name in a Hebrew answer keeps its place and spaces. */}
          {isolateRuns(msg.content, rtl)}
          {msg.streaming ? <span className="ms-0.5 inline-block h-4 w-1.5 animate-pulse bg-current align-text-bottom" aria-hidden /> : null}
        </p>
        {msg.sourceImages?.length ? <SourceImages urls={msg.sourceImages} /> : null}
        {msg.related?.length ? <RelatedPassages related={msg.related} /> : null}
        {msg.citations?.length ? (
          <div className="mt-3 border-t border-border pt-2" data-testid="citations">
            <p className="mb-1 flex items-center gap-1 text-xs font-medium text-muted-foreground">
              <BookOpen className="size-3.5" aria-hidden />
              {t('rag.sources')}
            </p>
            <ul className="flex flex-wrap gap-1.5">
              {msg.citations.map((c, i) => (
                <li key={`${c.itemType}-${c.itemId}-${c.page ?? c.slide ?? c.startSec ?? i}`}>
                  <Badge tone="outline" title={c.lowConfidence ? `${wordTitleLanguage(i18n.language, c.title)} (${t('rag.lowConfidence')})` : wordTitleLanguage(i18n.language, c.title)}>
                    {c.viewerUrl ? (
                      <a href={c.viewerUrl} target="_blank" rel="noopener noreferrer" className="max-w-48 truncate underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="citation-viewer">
                        {/* The title isolated: an English title in a Hebrew source line keeps its place before "· עמ׳ 3". */}
                        <bdi>{wordTitleLanguage(i18n.language, c.title)}</bdi>
                      </a>
                    ) : (
                      <bdi className="max-w-48 truncate">{wordTitleLanguage(i18n.language, c.title)}</bdi>
                    )}
                    {c.page ? <span>· {t('rag.page', { page: c.page })}</span> : null}
                    {c.slide ? <span>· {t('rag.slide', { slide: c.slide })}</span> : null}
                    {c.startSec !== undefined ? (
                      <a href={c.url} target="_blank" rel="noopener noreferrer" className="underline" data-testid="citation-time">
                        · <Ltr>{clock(c.startSec)}–{clock(c.endSec ?? c.startSec)}</Ltr>
                      </a>
                    ) : null}
                    {c.lowConfidence ? <span className="text-amber-700">· {t('rag.lowConfidence')}</span> : null}
                    {c.visibility ? (
                      <span className="font-semibold text-red-700" data-testid="citation-not-public">· {t('review.notPublic', { why: t(`review.why.${c.visibility}`) })}</span>
                    ) : null}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className={cn('mt-1.5 flex items-center gap-2 text-[11px]', mine ? 'text-primary-foreground/70' : 'text-muted-foreground')}>
          <time dateTime={msg.timestamp}>
            <Ltr>{formatTime(msg.timestamp)}</Ltr>
          </time>
          {msg.detectedLanguage ? (
            <Badge tone={mine ? 'outline' : 'blue'} className="px-1.5 py-0 text-[10px]" data-testid="language-badge" title={msg.detectedLanguage}>
              {languageLabel(msg.detectedLanguage, i18n.language) ?? msg.detectedLanguage}
            </Badge>
          ) : null}
        </div>
        {!mine && msg.answerId ? <AnswerRating referenceId={sessionId} answerId={msg.answerId} /> : null}
      </div>
    </li>
  );
}

/** The card's title, the session's badge and Clear. */
function RagHeader({ sessionId, onClear, canClear }: { sessionId: string; onClear: () => void; canClear: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-border px-4 py-3 sm:px-5 sm:py-3.5">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Search className="size-4 text-muted-foreground" aria-hidden />
        <h2 className="font-semibold">{t('rag.chatTitle')}</h2>
        <Badge tone="outline" title={sessionId} data-testid="session-badge" translate="no">
          {t('rag.session', { id: sessionBadge(sessionId) })}
        </Badge>
      </div>
      <Button variant="outline" size="sm" className="shrink-0" onClick={onClear} disabled={!canClear}>
        <Trash2 aria-hidden />
        {t('rag.clear')}
      </Button>
    </header>
  );
}

/** Before the first question: what the search does, and example questions to ask. */
function EmptyPrompt({ onAsk }: { onAsk: (q: string) => void }) {
  const { t } = useTranslation();
  const examples = [t('rag.example1'), t('rag.example2'), 'Quels sont les avantages des volets roulants motorisés ?', t('rag.example4')];
  return (
    <li className="m-auto flex max-w-lg flex-col items-center text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700" aria-hidden>
        <Bot className="size-6" />
      </span>
      <p className="font-semibold">{t('rag.emptyTitle')}</p>
      <p className="mb-4 text-sm text-muted-foreground">{t('rag.emptyHint')}</p>
      <ul className="grid w-full gap-2">
        {examples.map((q) => (
          <li key={q}>
            <button
              type="button"
              onClick={() => onAsk(q)}
              dir="auto"
              lang={q === examples[2] ? 'fr' : undefined}
              className="w-full rounded-lg border border-border bg-background px-4 py-2.5 text-start text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {q}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The document-search chat card: 600 px high, max width 4xl. */
export function RagChatCard() {
  const { t } = useTranslation();
  const id = useId();
  const { sessionId, messages, waiting, streamingNow, send, clear } = useRagChat(t('rag.error'));
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const ask = (q: string) => {
    if (!q.trim() || waiting) return;
    setInput('');
    inputRef.current?.focus(); // from a suggestion or the send button too: typing goes on in the message box
    void send(q).then(() => inputRef.current?.focus());
  };
  const fit = useFitHeight<HTMLDivElement>(RAG_WINDOW_HEIGHT_PX);

  return (
    // Ends inside the window as the page opens: the message box is in view at 1366x768 and on a phone.
    <div ref={fit.ref} className="mx-auto flex w-full max-w-4xl flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-lg" style={{ height: fit.height }} data-testid="rag-chat">
      <RagHeader sessionId={sessionId} onClear={clear} canClear={!(messages.length === 0 && !waiting)} />
      <MessageLog follow={[messages, waiting]}>
        {messages.length === 0 && !waiting ? (
          <EmptyPrompt onAsk={ask} />
        ) : (
          messages.map((m) => <Message key={m.id} msg={m} sessionId={sessionId} />)
        )}
        {waiting && !streamingNow ? (
          <li className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="rag-waiting">
            <Spinner />
            {t('rag.searching')}
          </li>
        ) : null}
      </MessageLog>
      <ChatInputRow inputId={`${id}-q`} label={t('rag.inputLabel')} onSend={() => ask(input)} canSend={!waiting && !!input.trim()} sendIcon={waiting ? <Spinner /> : undefined}>
        <textarea
          ref={inputRef}
          id={`${id}-q`}
          rows={1}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLTextAreaElement>) => {
            // Enter sends; Shift+Enter adds a line, as in the public chat.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              ask(input);
            }
          }}
          placeholder={t('rag.placeholder')}
          // Read-only (not disabled) while an answer comes: a disabled field drops the keyboard focus to the page.
          readOnly={waiting}
          aria-busy={waiting}
          dir={isRtlText(input) ? 'rtl' : 'auto'}
          autoComplete="off"
          className="max-h-32 min-h-10 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-sm placeholder:truncate focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring read-only:opacity-60 disabled:opacity-60"
        />
      </ChatInputRow>
    </div>
  );
}
