/**
 * The public assistant's conversation (spec section 4): a session starts by
 * asking the server for a conversation id (or clearing the tab's earlier one)
 * and sending "hello" as a new session; after that the
 * messages are polled every 3 s with the latest seen time as `since`. Polling
 * pauses while a message is being answered and resumes about 1 s after the
 * reply. Duplicates (same id and content) are dropped.
 */
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { PublicChatMessage } from '@core/foundation/types';
import { POLL_MS } from '../../config/polling';
import { getChatMessages } from './api/get-chat-messages';
import { latestTime, mergeMessages, serverLines, type ChatLine } from './chat-lines';
import { openConversation, regreetSession, RESUME_AFTER_REPLY_MS, sendLine } from './chat-session';
import { tabReferenceId } from './reference-id';

export { mergeMessages, type ChatLine } from './chat-lines';

/** Polls the conversation's new messages while not paused and the tab is shown. */
function useChatPolling(
  referenceId: string | null,
  absorb: (list: PublicChatMessage[], hideGreeting: boolean) => void,
  { sinceRef, pollPaused, resumeTimer }: {
    sinceRef: MutableRefObject<string>; pollPaused: MutableRefObject<boolean>; resumeTimer: MutableRefObject<ReturnType<typeof setTimeout> | null>;
  },
) {
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
  }, [absorb, referenceId, pollPaused, resumeTimer, sinceRef]);
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
    sinceRef.current = latestTime(list, sinceRef.current);
    const lines = serverLines(list, hideGreeting);
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
      await openConversation({ referenceId: initial.referenceId, isNew }, setReferenceId, { failureText, setMessages, setTyping, absorb, pollPaused, resumePolling });
      setReady(true);
      resumePolling(RESUME_AFTER_REPLY_MS);
    })();
  }, [absorb, failureText, initial, isNew, resumePolling]);

  useChatPolling(referenceId, absorb, { sinceRef, pollPaused, resumeTimer });

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text || typing || !referenceId) return;
      await sendLine(text, referenceId, { failureText, setMessages, setTyping, absorb, pollPaused, resumePolling });
    },
    [absorb, failureText, referenceId, resumePolling, typing],
  );

  const regreet = useCallback(async () => {
    if (!referenceId) return;
    await regreetSession(referenceId, { setMessages, setTyping, absorb, pollPaused, resumePolling });
  }, [absorb, referenceId, resumePolling]);

  return { referenceId, messages, typing, ready, send, regreet };
}
