import type { ChatBotReply, PublicChatMessage } from '@core/foundation/types';

/** The public chat API, same origin as the frame (the same routes /chat uses). */
async function call<T>(path: string, init: RequestInit & { lang: string }): Promise<T> {
  const res = await fetch(path, {
    ...init,
    headers: { 'content-type': 'application/json', 'accept-language': init.lang, ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A new conversation id, handed out by the server (as /chat gets its own). */
export const startSession = (lang: string) => call<{ referenceId: string }>('/api/bot/session', { method: 'POST', body: '{}', lang });

export const clearSession = (referenceId: string, lang: string) =>
  call<void>('/api/bot/clear-session', { method: 'POST', body: JSON.stringify({ referenceId }), lang });

export const sendMessage = (message: string, referenceId: string, isNewSession: boolean, lang: string) =>
  call<ChatBotReply>('/api/bot/chat', { method: 'POST', body: JSON.stringify({ message, referenceId, isNewSession, channel: 'widget' }), lang });

export const sendFeedback = (input: { referenceId: string; answerId: string; rating: 'up' | 'down'; comment?: string | null }, lang: string) =>
  call<unknown>('/api/bot/feedback', { method: 'POST', body: JSON.stringify(input), lang });

export const getMessages = (referenceId: string, since: string, lang: string, signal?: AbortSignal) =>
  call<PublicChatMessage[]>(`/api/bot/messages?${new URLSearchParams({ referenceId, since })}`, { lang, signal });

/** Passes the question on to a person: name, e-mail or phone, consent (the conversation is attached by the server). */
export const sendHandoff = (input: { referenceId: string; name: string; email: string | null; phone: string | null; consent: boolean; language: string }, lang: string) =>
  call<{ id: number }>('/api/bot/handoff', { method: 'POST', body: JSON.stringify({ ...input, channel: 'widget' }), lang });
