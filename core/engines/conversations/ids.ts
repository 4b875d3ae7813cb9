import { randomBytes } from 'node:crypto';

/**
 * A new conversation id: 128 random bits (crypto), so that a conversation
 * can be read or cleared only by whoever was handed its id.
 */
export const newConversationId = (): string => `c_${randomBytes(16).toString('base64url')}`;

/** Ids clients may use: letters, digits, _ and -, at least 16 of them (too long to guess when random). */
export const CONVERSATION_ID_PATTERN = '^[A-Za-z0-9_-]{16,100}$';
