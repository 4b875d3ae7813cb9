/**
 * The public assistant's conversation (spec section 4): a session starts by
 * asking the server for a conversation id (or clearing the tab's earlier one)
 * and sending "hello" as a new session; after that the
 * messages are polled every 3 s with the latest seen time as `since`. Polling
 * pauses while a message is being answered and resumes about 1 s after the
 * reply. Duplicates (same id and content) are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatBotReply, Citation, PublicChatMessage, RelatedPassage } from '@core/foundation/types';
import { POLL_MS } from '../../config/polling';
import { clearSession } from './api/clear-session';
import { getChatMessages } from './api/get-chat-messages';
import { sendChatMessage } from './api/send-chat-message';
import { startChatSession } from './api/start-session';
import { mediaFromMessage, type ChatMedia } from './media';
import { markSessionStarted, rememberReferenceId, tabReferenceId } from './reference-id';

export interface ChatLine {
  id: string;
  role: 'user' | 'bot';
  text: string;
  time: string;
  media: ChatMedia | null;
  /** Not yet matched with the server's copy. */
  local?: boolean;
  /**
   * What the list keys the line by once the server's copy took its place: the local id, so the line is not mounted
   * anew (a form half filled under it, a rating given, keep their state).
   */
  key?: string;
  /** The id to rate this answer by (answers received in this tab). */
  answerId?: string;
  /** The assistant offers to pass the question on to a person (shows the form). */
  handoff?: boolean;
  /** No answer stated: the passages that may help (kept when the server's copy takes the line's place). */
  related?: RelatedPassage[];
  /** The answer's sources, each opening its passage in the viewer (kept when the server's copy takes the line's place). */
  citations?: Citation[];
}

const RESUME_AFTER_REPLY_MS = 1_000;
const GREETING = 'hello';

function fromReply(reply: ChatBotReply): ChatLine {
  const m = reply.mediaItem;
  const media = m ? mediaFromMessage({ output: JSON.stringify(m), file: null, contentType: m.contentType }) : null;
  return {
    id: `local-bot-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`, role: 'bot', text: reply.message, time: new Date().toISOString(), media, local: true,
    answerId: reply.answerId, handoff: reply.handoff, related: reply.related, citations: reply.citations,
  };
}

function fromServer(m: PublicChatMessage & { timestamp?: string; language?: string }): ChatLine {
  return { id: m.id, role: m.role, text: m.message, time: m.dateTime ?? m.timestamp ?? new Date().toISOString(), media: m.role === 'bot' ? mediaFromMessage(m) : null };
}

/** Adds server messages, adopting matching local copies and dropping same id + content. */
export function mergeMessages(current: ChatLine[], incoming: ChatLine[]): ChatLine[] {
  const next = [...current];
  const seen = new Set(next.map((l) => `${l.id}\u0000${l.text}`));
  for (const line of incoming) {
    const key = `${line.id}\u0000${line.text}`;
    if (seen.has(key)) continue;
    const localIdx = next.findIndex((l) => l.local && l.role === line.role && l.text === line.text);
    if (localIdx >= 0) {
      const local = next[localIdx];
      next[localIdx] = { ...line, key: local.key ?? local.id, media: line.media ?? local.media, answerId: local.answerId, handoff: local.handoff, related: local.related, citations: local.citations };
    } else next.push(line);
    seen.add(key);
  }
  return next;
}

export function usePublicChat(failureText: string) {
  const [initial] = useState(tabReferenceId);
  const { isNew } = initial;
  const [referenceId, setReferenceId] = useState<string | null>(initial.referenceId);
  const [messages, setMessages] = useState<ChatLine[]>([]);
  const [typing, setTyping] = useState(false);
  const [ready, setReady] = useState(false);
  const sinceRef = useRef(new Date(0).toISOString());
  const pollPaused = useRef(true);
  const started = useRef(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const absorb = useCallback((list: PublicChatMessage[], hideGreeting: boolean) => {
    if (!list.length) return;
    let latest = sinceRef.current;
    for (const m of list) {
      const time = m.dateTime ?? (m as { timestamp?: string }).timestamp;
      if (time && time > latest) latest = time;
    }
    sinceRef.current = latest;
    const lines = list
      .filter((m, i) => !(hideGreeting && i === 0 && m.role === 'user' && m.message.trim().toLowerCase() === GREETING))
      .map(fromServer);
    setMessages((cur) => mergeMessages(cur, lines));
  }, []);

  const resumePolling = useCallback((delay: number) => {
    if (resumeTimer.current) clearTimeout(resumeTimer.current);
    resumeTimer.current = setTimeout(() => {
      pollPaused.current = false;
    }, delay);
  }, []);

  // Session start (once per tab) or reload of an existing conversation.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      if (isNew) {
        setTyping(true);
        try {
          let id = initial.referenceId;
          if (id) await clearSession(id);
          else {
            id = (await startChatSession()).referenceId;
            rememberReferenceId(id);
          }
          const reply = await sendChatMessage({ message: GREETING, referenceId: id, isNewSession: true });
          // The greeting is not an answer to rate.
          setMessages((cur) => [...cur, { ...fromReply(reply), answerId: undefined }]);
          markSessionStarted(id);
          setReferenceId(id);
          // The session was just cleared, so everything stored is ours: adopt the server's
          // copies (ids) and move `since` past the greeting without showing it.
          absorb(await getChatMessages(id, new Date(0).toISOString()).catch(() => []), true);
        } catch {
          setMessages((cur) => [...cur, { id: `bot-error-${Date.now()}`, role: 'bot', text: failureText, time: new Date().toISOString(), media: null }]);
        } finally {
          setTyping(false);
        }
      } else if (initial.referenceId) {
        try {
          absorb(await getChatMessages(initial.referenceId, new Date(0).toISOString()), true);
        } catch {
          /* history is a convenience; polling below retries */
        }
      }
      setReady(true);
      resumePolling(RESUME_AFTER_REPLY_MS);
    })();
  }, [absorb, failureText, initial, isNew, resumePolling]);

  // Polling loop.
  useEffect(() => {
    const ctrl = new AbortController();
    let busy = false;
    const timer = setInterval(async () => {
      if (!referenceId || pollPaused.current || busy || document.hidden) return;
      busy = true;
      try {
        const list = await getChatMessages(referenceId, sinceRef.current, ctrl.signal);
        if (!pollPaused.current) absorb(list, false);
      } catch {
        /* transient: the next tick tries again */
      } finally {
        busy = false;
      }
    }, POLL_MS.chatMessages);
    return () => {
      ctrl.abort();
      clearInterval(timer);
      if (resumeTimer.current) clearTimeout(resumeTimer.current);
    };
  }, [absorb, referenceId]);

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text || typing || !referenceId) return;
      pollPaused.current = true;
      setMessages((cur) => [...cur, { id: `local-user-${Date.now()}`, role: 'user', text, time: new Date().toISOString(), media: null, local: true }]);
      setTyping(true);
      try {
        const reply = await sendChatMessage({ message: text, referenceId, isNewSession: false });
        setMessages((cur) => [...cur, fromReply(reply)]);
      } catch {
        setMessages((cur) => [...cur, { id: `bot-error-${Date.now()}`, role: 'bot', text: failureText, time: new Date().toISOString(), media: null }]);
      } finally {
        setTyping(false);
        resumePolling(RESUME_AFTER_REPLY_MS);
      }
    },
    [failureText, referenceId, resumePolling, typing],
  );

  /**
   * The language changed before the visitor wrote anything: the greeting is asked for again, so it is in the new
   * language (the conversation so far is only the greeting).
   */
  const regreet = useCallback(async () => {
    if (!referenceId) return;
    pollPaused.current = true;
    setTyping(true);
    try {
      await clearSession(referenceId);
      const reply = await sendChatMessage({ message: GREETING, referenceId, isNewSession: true });
      setMessages([{ ...fromReply(reply), answerId: undefined }]);
      absorb(await getChatMessages(referenceId, new Date(0).toISOString()).catch(() => []), true);
    } catch {
      /* the old greeting stays */
    } finally {
      setTyping(false);
      resumePolling(RESUME_AFTER_REPLY_MS);
    }
  }, [absorb, referenceId, resumePolling]);

  return { referenceId, messages, typing, ready, send, regreet };
}
