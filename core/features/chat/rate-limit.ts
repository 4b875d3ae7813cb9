import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { createRateLimiter } from '../../engines/limits/limiter';
import { createMemoryRateLimitStore } from '../../engines/limits/memory';
import type { RateLimitStore } from '../../engines/limits/types';

/**
 * Sliding-window limits for the public chat: N messages a minute per
 * conversation (referenceId) and per client address, counted in the given
 * store (memory on one machine, PostgreSQL across servers).
 */

export interface ChatLimitOptions {
  chatPerMinute: number;
  chatPerMinutePerAddress: number;
  chatMaxMessageChars: number;
  /** Where hits are counted; this process's memory when absent. */
  store?: RateLimitStore;
  /** For tests (with the memory store). */
  now?: () => number;
  windowMs?: number;
}

export interface ChatLimits {
  readonly maxMessageChars: number;
  /** Records one message; AppError('rate_limited') with details.retryAfter (seconds) when over a limit. */
  hit(referenceId: string, clientAddress?: string | null): Promise<void>;
  /** Trims and checks a message; AppError('validation') when empty or too long. */
  checkMessage(text: unknown, field?: string): string;
}

export function createChatLimits(options: ChatLimitOptions): ChatLimits {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? 60_000;
  const store = options.store ?? createMemoryRateLimitStore({ now });
  const perConversation = createRateLimiter({ name: 'chat', limit: options.chatPerMinute, windowMs, store });
  const perAddress = createRateLimiter({ name: 'chat-address', limit: options.chatPerMinutePerAddress, windowMs, store });
  const limited = (retryAfter: number) => refusal('rate_limited', 'refusal.chat_rate_limited', { seconds: retryAfter }, undefined, { retryAfter });

  return {
    maxMessageChars: options.chatMaxMessageChars,
    async hit(referenceId, clientAddress) {
      if (clientAddress) {
        const wait = await perAddress.take(clientAddress);
        if (wait) throw limited(wait);
      }
      const wait = await perConversation.take(referenceId);
      if (wait) {
        if (clientAddress) await perAddress.undo(clientAddress);
        throw limited(wait);
      }
    },
    checkMessage(text, field = 'message') {
      if (typeof text !== 'string' || !text.trim()) throw new AppError('validation', `The ${field} is empty`);
      const t = text.trim();
      if ([...t].length > options.chatMaxMessageChars) {
        throw new AppError('validation', `The ${field} is longer than ${options.chatMaxMessageChars} characters`);
      }
      return t;
    },
  };
}

/** Accepts ready limits or the config values (config.limits) and returns limits. */
export function toChatLimits(limits: ChatLimits | ChatLimitOptions): ChatLimits {
  return 'hit' in limits ? limits : createChatLimits(limits);
}
