import type { ConversationStore } from '../../engines/conversations/types';
import { AppError } from '../../foundation/errors';
import type { ConversationTurn } from '../../engines/llm/prompts';
import type { QuestionLog } from '../analytics/types';
import { detectLanguage, UNDETERMINED } from '../../foundation/text/language';
import type { RagTurn, RetrievalReply } from '../../foundation/types';
import { unlessDiskFull } from '../../foundation/disk';
import type { ChatLimits } from './rate-limit';

/**
 * The document-search bot's conversations (rag.ts): the question checked, the turns kept per referenceId (kind
 * 'search'), and each question kept for analytics.
 */

type Body = Omit<RagTurn, 'id' | 'referenceId'>;

export function checkQuestion(limits: ChatLimits | null, q: unknown): string {
  if (limits) return limits.checkMessage(q, 'question');
  if (typeof q !== 'string' || !q.trim()) throw new AppError('validation', 'The question is empty');
  return q.trim();
}

export async function historyOf(conversations: ConversationStore, referenceId: string, last?: number): Promise<RagTurn[]> {
  const list = await conversations.read<Body>('search', referenceId, { last });
  return list.map((m) => ({ id: m.seq, referenceId, ...m.data }));
}

// On a full disk the answer is still given: its history and analytics records are what is skipped.
export async function remember(conversations: ConversationStore, referenceId: string, question: string, askedAt: string, reply: RetrievalReply) {
  await unlessDiskFull(() => conversations.append<Body>('search', referenceId, [
    { role: 'user', content: question, timestamp: askedAt, detectedLanguage: reply.detectedLanguage, sourceImages: [] },
    { role: 'bot', content: reply.answer, timestamp: reply.timestamp, detectedLanguage: reply.detectedLanguage, sourceImages: reply.sourceImages },
  ]));
}

/** Keeps the question for analytics; the reply carries the id to rate it by. */
export async function logged(questions: QuestionLog | undefined, referenceId: string, question: string, reply: RetrievalReply): Promise<RetrievalReply> {
  const answerId = await unlessDiskFull(async () => questions?.record({
    channel: 'rag', referenceId, kind: 'question', question, language: reply.detectedLanguage, answer: reply.answer, notFound: reply.notFound,
    mode: reply.mode, sources: reply.citations.map((c) => ({ itemType: c.itemType, itemId: c.itemId, title: c.title })),
  }));
  return answerId ? { ...reply, answerId } : reply;
}

export function toConversation(turns: RagTurn[]): ConversationTurn[] {
  return turns.map((t) => ({ role: t.role, content: t.content }));
}

/** The language of the last user turn that has a sure one. */
export function lastLanguage(history: ConversationTurn[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].role !== 'user') continue;
    const l = detectLanguage(history[i].content);
    if (l !== UNDETERMINED) return l;
  }
  return null;
}
