import type { Catalog } from '../../engines/catalog/types';
import type { ConversationStore } from '../../engines/conversations/types';
import { AppError } from '../../foundation/errors';
import type { HandoffInput, HandoffRequest, PublicChatMessage } from '../../foundation/types';
import { postWebhook, type WebhookOptions } from './webhook';

/**
 * Hand-off to a person: a visitor who could not get an answer (or asked
 * for a person) leaves a name and an e-mail address or phone number with
 * their consent; the request keeps the conversation as it was, is listed
 * for staff (console "Requests", `cms requests`), can be marked handled,
 * exported and deleted one by one, and is sent to HANDOFF_WEBHOOK_URL.
 * Requests follow the conversation retention: one older than
 * CONVERSATION_RETENTION_DAYS is removed with its contact details.
 */

export interface HandoffOptions {
  catalog: Catalog;
  conversations: ConversationStore;
  webhook?: Omit<WebhookOptions, 'onAttempt'> | null;
  /** Days a request (and its contact details) is kept (the conversation retention). */
  retentionDays: number;
  now?: () => Date;
  /** Told when a webhook delivery finally fails (e.g. the server's logger). */
  onWebhookError?: (id: number, error: string) => void;
}

export interface Handoff {
  submit(input: HandoffInput): Promise<HandoffRequest>;
  list(filter?: { status?: HandoffRequest['status'] }): Promise<HandoffRequest[]>;
  get(id: number): Promise<HandoffRequest>;
  markHandled(id: number, handled?: boolean): Promise<HandoffRequest>;
  remove(id: number): Promise<void>;
  /** Removes requests older than the retention; returns how many went. */
  prune(now?: Date): Promise<number>;
  /** Resolves when every webhook delivery started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/u;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const clean = (v: unknown, max: number) => (typeof v === 'string' ? v.replace(/[\u0000-\u001F\u007F]/g, ' ').trim().slice(0, max) : '');

/** Checks a visitor's form; the problems are worded for the visitor's form (codes with English text). */
export function checkHandoffInput(input: HandoffInput): { name: string; email: string | null; phone: string | null; question: string } {
  const name = clean(input.name, 120);
  const email = clean(input.email, 200) || null;
  const phone = clean(input.phone, 40) || null;
  if (!name) throw new AppError('validation', 'Please give your name', { details: { field: 'name', reason: 'handoff_name' } });
  if (!email && !phone) throw new AppError('validation', 'Please give an e-mail address or a phone number', { details: { field: 'contact', reason: 'handoff_contact' } });
  if (email && !EMAIL.test(email)) throw new AppError('validation', 'The e-mail address does not look right', { details: { field: 'email', reason: 'handoff_email' } });
  if (phone && (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 7)) throw new AppError('validation', 'The phone number does not look right', { details: { field: 'phone', reason: 'handoff_phone' } });
  if (input.consent !== true) throw new AppError('validation', 'Please agree to be contacted', { details: { field: 'consent', reason: 'handoff_consent' } });
  return { name, email, phone, question: clean(input.question, 2000) };
}

type ChatBody = Pick<PublicChatMessage, 'role' | 'message' | 'userLanguage'>;

export function createHandoff(options: HandoffOptions): Handoff {
  const { catalog, conversations } = options;
  const now = options.now ?? (() => new Date());
  const inFlight = new Set<Promise<void>>();

  function deliver(request: HandoffRequest) {
    const hook = options.webhook;
    if (!hook?.url) return;
    const run = (async () => {
      const result = await postWebhook({ type: 'handoff.request', request }, {
        ...hook,
        onAttempt: async (attempts, error) => {
          if (await catalog.handoffRequests.get(request.id)) await catalog.handoffRequests.update(request.id, { webhook: { state: error ? 'pending' : 'sent', attempts, error } });
        },
      });
      const row = await catalog.handoffRequests.get(request.id);
      if (row) await catalog.handoffRequests.update(request.id, { webhook: { state: result.ok ? 'sent' : 'failed', attempts: result.attempts, error: result.error } });
      if (!result.ok) options.onWebhookError?.(request.id, result.error ?? 'failed');
    })().catch((e) => options.onWebhookError?.(request.id, (e as Error)?.message ?? String(e)));
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  return {
    async submit(input) {
      const checked = checkHandoffInput(input);
      const messages = await conversations.read<ChatBody>('chat', input.referenceId);
      const conversation = messages.map((m) => ({ role: m.data.role, text: m.data.message, at: m.at }));
      const lastQuestion = [...messages].reverse().find((m) => m.data.role === 'user');
      const question = checked.question || lastQuestion?.data.message || '';
      if (!question) throw new AppError('validation', 'Please say what you would like to ask', { details: { field: 'question', reason: 'handoff_question' } });
      const request = await catalog.handoffRequests.insert({
        referenceId: input.referenceId, channel: input.channel === 'widget' ? 'widget' : 'chat',
        name: checked.name, email: checked.email, phone: checked.phone, question,
        language: clean(input.language, 12) || lastQuestion?.data.userLanguage || 'en', consent: true, conversation,
        status: 'open', createdAt: now().toISOString(), handledAt: null,
        webhook: { state: options.webhook?.url ? 'pending' : 'off', attempts: 0, error: null },
      });
      deliver(request);
      return request;
    },
    async list(filter = {}) {
      const rows = await catalog.handoffRequests.list((r) => !filter.status || r.status === filter.status);
      return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    },
    get: async (id) => await catalog.handoffRequests.require(id),
    async markHandled(id, handled = true) {
      await catalog.handoffRequests.require(id);
      return await catalog.handoffRequests.update(id, { status: handled ? 'handled' : 'open', handledAt: handled ? now().toISOString() : null });
    },
    async remove(id) {
      await catalog.handoffRequests.require(id);
      await catalog.handoffRequests.remove(id);
    },
    async prune(at = now()) {
      const cutoff = at.getTime() - options.retentionDays * 86_400_000;
      const gone = await catalog.handoffRequests.removeWhere((r) => Date.parse(r.createdAt) < cutoff);
      return gone.length;
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
