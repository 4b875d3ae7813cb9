import type { ChatBotReply, Citation, PublicChatMessage, RelatedPassage } from '@core/foundation/types';
import { mediaFromMessage, type ChatMedia } from './media';

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

/** The greeting a new session starts with (not shown as the visitor's line). */
export const GREETING = 'hello';

export function fromReply(reply: ChatBotReply): ChatLine {
  const m = reply.mediaItem;
  const media = m ? mediaFromMessage({ output: JSON.stringify(m), file: null, contentType: m.contentType }) : null;
  return {
    id: `local-bot-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`, role: 'bot', text: reply.message, time: new Date().toISOString(), media, local: true,
    answerId: reply.answerId, handoff: reply.handoff, related: reply.related, citations: reply.citations,
  };
}

export function fromServer(m: PublicChatMessage & { timestamp?: string; language?: string }): ChatLine {
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

/** A bot line saying the answer failed. */
export const failureLine = (failureText: string): ChatLine =>
  ({ id: `bot-error-${Date.now()}`, role: 'bot', text: failureText, time: new Date().toISOString(), media: null });

/** The latest time among the server's messages (or `since` when none is later). */
export function latestTime(list: PublicChatMessage[], since: string): string {
  let latest = since;
  for (const m of list) {
    const time = m.dateTime ?? (m as { timestamp?: string }).timestamp;
    if (time && time > latest) latest = time;
  }
  return latest;
}

/** The server's messages as lines, without the opening greeting when asked. */
export const serverLines = (list: PublicChatMessage[], hideGreeting: boolean): ChatLine[] =>
  list
    .filter((m, i) => !(hideGreeting && i === 0 && m.role === 'user' && m.message.trim().toLowerCase() === GREETING))
    .map(fromServer);
