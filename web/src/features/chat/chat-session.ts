/** The public assistant's session steps: open (start or reload), send a line, greet again. */
import type { Dispatch, MutableRefObject, SetStateAction } from 'react';
import type { PublicChatMessage } from '@core/foundation/types';
import { clearSession } from './api/clear-session';
import { getChatMessages } from './api/get-chat-messages';
import { sendChatMessage } from './api/send-chat-message';
import { startChatSession } from './api/start-session';
import { failureLine, fromReply, GREETING, type ChatLine } from './chat-lines';
import { markSessionStarted, rememberReferenceId } from './reference-id';

export const RESUME_AFTER_REPLY_MS = 1_000;

/** What the session steps change in the conversation hook. */
export interface ChatSessionParts {
  failureText: string;
  setMessages: Dispatch<SetStateAction<ChatLine[]>>;
  setTyping: (typing: boolean) => void;
  absorb: (list: PublicChatMessage[], hideGreeting: boolean) => void;
  pollPaused: MutableRefObject<boolean>;
  resumePolling: (delay: number) => void;
}

/**
 * Session start (once per tab) or reload of an existing conversation: a new session clears the tab's earlier
 * conversation (or asks for an id) and sends the greeting; an existing one reloads its history.
 */
export async function openConversation(
  initial: { referenceId: string | null; isNew: boolean },
  setReferenceId: (id: string) => void,
  { failureText, setMessages, setTyping, absorb }: ChatSessionParts,
): Promise<void> {
  if (initial.isNew) {
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
      setMessages((cur) => [...cur, failureLine(failureText)]);
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
}

/** Sends the visitor's line (polling paused meanwhile) and adds the answer, or the failure line. */
export async function sendLine(text: string, referenceId: string, { failureText, setMessages, setTyping, pollPaused, resumePolling }: ChatSessionParts) {
  pollPaused.current = true;
  setMessages((cur) => [...cur, { id: `local-user-${Date.now()}`, role: 'user', text, time: new Date().toISOString(), media: null, local: true }]);
  setTyping(true);
  try {
    const reply = await sendChatMessage({ message: text, referenceId, isNewSession: false });
    setMessages((cur) => [...cur, fromReply(reply)]);
  } catch {
    setMessages((cur) => [...cur, failureLine(failureText)]);
  } finally {
    setTyping(false);
    resumePolling(RESUME_AFTER_REPLY_MS);
  }
}

/**
 * The language changed before the visitor wrote anything: the greeting is asked for again, so it is in the new
 * language (the conversation so far is only the greeting).
 */
export async function regreetSession(referenceId: string, { setMessages, setTyping, absorb, pollPaused, resumePolling }: Omit<ChatSessionParts, 'failureText'>) {
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
}
