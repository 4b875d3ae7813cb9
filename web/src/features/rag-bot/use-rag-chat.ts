/**
 * Document-search conversation: idle -> waiting on send, back to idle on the
 * answer or an error. Uses the streaming endpoint when the server has it so
 * words appear as they come, else POST /api/bot/rag-query.
 */
import { useCallback, useRef, useState } from 'react';
import type { Citation, RelatedPassage, RetrievalReply } from '@core/foundation/types';
import { MAX_SOURCE_IMAGES } from '../../config/constants';
import { ragQuery } from './api/rag-query';
import { ragQueryStream, StreamUnavailableError } from './api/rag-query-stream';
import { newRagSessionId, storedRagSession, storeRagSession } from './session';

/** A retrieval chat message on the client (spec section 3). */
export interface RagChatMessage {
  id: string;
  type: 'user' | 'bot';
  content: string;
  timestamp: string;
  sourceImages?: string[];
  detectedLanguage?: string;
  citations?: Citation[];
  notFound?: boolean;
  /** With notFound: the passages that may help (not an answer). */
  related?: RelatedPassage[];
  streaming?: boolean;
  /** The id to rate this answer by. */
  answerId?: string;
}

let streamSupported = true;

/** The answer as a bot message (source images capped). */
function toBotMessage(botId: string, reply: RetrievalReply): RagChatMessage {
  return {
    id: botId,
    type: 'bot',
    content: reply.answer,
    timestamp: reply.timestamp || new Date().toISOString(),
    sourceImages: (reply.sourceImages ?? []).slice(0, MAX_SOURCE_IMAGES),
    detectedLanguage: reply.detectedLanguage || undefined,
    citations: reply.citations ?? [],
    notFound: reply.notFound,
    related: reply.related ?? [],
    answerId: reply.answerId,
  };
}

/**
 * Asks the server: streamed (each token given to `onText` with the text so far) while the server has the stream,
 * else one POST (from then on, for this page).
 */
async function askServer(query: string, referenceId: string, signal: AbortSignal, onText: (text: string) => void): Promise<RetrievalReply> {
  let reply: RetrievalReply | null = null;
  if (streamSupported) {
    try {
      let text = '';
      reply = await ragQueryStream({ query, referenceId }, (token) => { text += token; onText(text); }, signal);
    } catch (e) {
      if (!(e instanceof StreamUnavailableError)) throw e;
      streamSupported = false;
    }
  }
  if (!reply) reply = await ragQuery({ query, referenceId }, signal);
  return reply;
}

export function useRagChat(errorText: string) {
  const [sessionId, setSessionId] = useState(storedRagSession);
  const [messages, setMessages] = useState<RagChatMessage[]>([]);
  const [waiting, setWaiting] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  const send = useCallback(
    async (raw: string) => {
      const query = raw.trim();
      if (!query || waiting) return;
      const now = new Date().toISOString();
      setMessages((m) => [...m, { id: `user-${Date.now()}`, type: 'user', content: query, timestamp: now }]);
      setWaiting(true);
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      const botId = `bot-${Date.now()}`;
      const put = (msg: RagChatMessage) => setMessages((m) => [...m.filter((x) => x.id !== botId), msg]);
      try {
        const reply = await askServer(query, sessionId, ctrl.signal, (text) =>
          put({ id: botId, type: 'bot', content: text, timestamp: new Date().toISOString(), streaming: true }));
        if (!ctrl.signal.aborted) put(toBotMessage(botId, reply));
      } catch (e) {
        if (ctrl.signal.aborted) return;
        console.warn('Document search failed', e);
        const at = Date.now();
        put({ id: `bot-error-${at}`, type: 'bot', content: errorText, timestamp: new Date(at).toISOString() });
      } finally {
        if (abortRef.current === ctrl) {
          abortRef.current = null;
          setWaiting(false);
        }
      }
    },
    [errorText, sessionId, waiting],
  );

  /** Empties the conversation and starts a new session (the server forgets the context). */
  const clear = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setWaiting(false);
    setMessages([]);
    const id = newRagSessionId();
    storeRagSession(id);
    setSessionId(id);
  }, []);

  const streamingNow = messages.some((m) => m.streaming);
  return { sessionId, messages, waiting, streamingNow, send, clear };
}
