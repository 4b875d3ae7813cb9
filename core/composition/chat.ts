/**
 * The chat part of the composition root (core/composition/services.ts). Needs: the config, the shared state, the store,
 * the search index, the chat model, the log. Makes: the public-chat limits, widget settings, question log,
 * the two document-search bots (public and staff), the public assistant and hand-off requests, with the
 * question log and hand-offs pruned every 6 hours.
 */
import path from 'node:path';
import { createFileQuestionLog, questionLogFile } from '../features/analytics/file-log';
import { createPgQuestionLog } from '../features/analytics/pg-log';
import { createAssistant } from '../features/chat/assistant';
import { createTextTranslator } from '../features/chat/question-translation';
import { createRagBot } from '../features/chat/rag';
import { createChatLimits } from '../features/chat/rate-limit';
import type { Config } from '../foundation/config';
import type { AppError } from '../foundation/errors';
import { publicSearchIndex } from '../features/governance/visibility';
import { createHandoff } from '../features/handoff/requests';
import type { LlmClient } from '../engines/llm/types';
import type { LogLine } from '../foundation/log';
import type { MaintainedSearchIndex } from '../engines/search/types';
import type { SharedState } from './shared-state';
import type { ObjectStore } from '../engines/storage/types';
import { loadTranscript } from '../features/video/transcript-store';
import { createPgWidgetSettingsStore } from '../features/widget/pg-settings';
import { createWidgetSettingsStore } from '../features/widget/settings';
import type { Cleanups } from './cleanups';

export interface ChatNeeds { shared: SharedState; store: ObjectStore; search: MaintainedSearchIndex; llm: LlmClient; log: LogLine; cleanups: Cleanups }

export function createChatPart(config: Config, { shared, store, search, llm, log, cleanups }: ChatNeeds) {
  const { catalog, conversations, rateLimits } = shared;
  // One set of public-chat limits for both bots: a visitor's budget is per conversation and address, whichever bot is asked.
  const chatLimits = createChatLimits({ ...config.limits, store: rateLimits });
  // Shared by every server with DATABASE_URL (origins saved on one are sent by all); the data folder otherwise.
  const widgetSettings = shared.pool
    ? createPgWidgetSettingsStore({ pool: shared.pool, envOrigins: config.widget.origins })
    : createWidgetSettingsStore({ file: path.join(config.dataDir, 'widget-settings.json'), envOrigins: config.widget.origins });
  // Shared by every server with DATABASE_URL (an answer given by one is rated through another and counted by all).
  const questions = shared.pool ? createPgQuestionLog({ pool: shared.pool }) : createFileQuestionLog({ file: questionLogFile(config.dataDir) });
  // Visitor messages are kept as long as conversations (CONVERSATION_RETENTION_DAYS): pruned at start and every 6 hours.
  every6Hours(() => void questions.prune(new Date(Date.now() - config.conversations.retentionDays * 86_400_000))
    .catch((e: Error) => log(`Pruning the question log failed: ${e.message}`)), cleanups);
  // The visibility rule: anonymous callers search only public items; signed-in staff search everything.
  const publicSearch = publicSearchIndex(search, catalog);
  const ragOptions = {
    catalog, conversations, llm, publicUrl: config.publicUrl, limits: chatLimits, questions,
    videoTranscript: (id: number) => loadTranscript(store, id),
    onLlmError: (e: AppError, step: string) => log(`LLM failed during ${step}: ${e.message}; answered without it`),
    // Offline, Spanish, French, Portuguese and Italian questions about English files go through Apertium (when installed and enabled).
    ...(config.translation.apertium ? { translator: createTextTranslator() } : {}),
  };
  const rag = createRagBot({ ...ragOptions, search: publicSearch });
  const staffRag = createRagBot({ ...ragOptions, search });
  const assistant = createAssistant({ catalog, conversations, search: publicSearch, llm, rag, limits: chatLimits, questions });
  // Hand-off requests keep contact details as long as conversations are kept (pruned with the question log).
  const handoff = createHandoff({
    catalog, conversations, retentionDays: config.conversations.retentionDays,
    webhook: config.handoff.webhookUrl ? { url: config.handoff.webhookUrl, secret: config.handoff.webhookSecret } : null,
    onWebhookError: (id, error) => log(`Hand-off request ${id} could not be delivered to HANDOFF_WEBHOOK_URL: ${error}`),
  });
  every6Hours(() => void handoff.prune().catch((e: Error) => log(`Pruning hand-off requests failed: ${e.message}`)), cleanups);
  return { widgetSettings, questions, rag, staffRag, assistant, handoff };
}

/** Runs `fn` now and every 6 hours until the cleanups run. */
function every6Hours(fn: () => void, cleanups: Cleanups) {
  fn();
  const timer = setInterval(fn, 6 * 3_600_000);
  timer.unref();
  cleanups.push(() => clearInterval(timer));
}
