import { createHmac } from 'node:crypto';

/**
 * Delivery of a hand-off request to HANDOFF_WEBHOOK_URL: a JSON POST signed
 * with HMAC-SHA256 of the body under HANDOFF_WEBHOOK_SECRET (header
 * `X-Handoff-Signature: sha256=<hex>`, with `X-Handoff-Timestamp`), retried
 * with doubling back-off on network errors, 429 and 5xx.
 */

export const SIGNATURE_HEADER = 'x-handoff-signature';
export const TIMESTAMP_HEADER = 'x-handoff-timestamp';

export interface WebhookOptions {
  url: string;
  secret?: string | null;
  /** Attempts in all (default 5). */
  attempts?: number;
  /** First wait between attempts; doubles each time (default 1000 ms). */
  backoffMs?: number;
  /** Per-attempt deadline (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Waits between attempts (injectable so tests need not wait). */
  sleep?: (ms: number) => Promise<void>;
  onAttempt?: (attempt: number, error: string | null) => void | Promise<void>;
}

export interface WebhookResult { ok: boolean; attempts: number; error: string | null }

/** The signature a receiver recomputes: HMAC-SHA256 over `${timestamp}.${body}`. */
export function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export async function postWebhook(payload: unknown, options: WebhookOptions): Promise<WebhookResult> {
  const attempts = Math.max(1, options.attempts ?? 5);
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  const body = JSON.stringify(payload);
  let error: string | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'smarthome-cms-handoff/1', [TIMESTAMP_HEADER]: timestamp };
    if (options.secret) headers[SIGNATURE_HEADER] = signBody(options.secret, timestamp, body);
    let retry = true;
    try {
      const res = await doFetch(options.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) {
        await options.onAttempt?.(attempt, null);
        return { ok: true, attempts: attempt, error: null };
      }
      error = `HTTP ${res.status}`;
      retry = res.status === 429 || res.status >= 500;
    } catch (e) {
      error = (e as Error)?.message ?? String(e);
    }
    await options.onAttempt?.(attempt, error);
    if (!retry) return { ok: false, attempts: attempt, error };
    if (attempt < attempts) await sleep((options.backoffMs ?? 1000) * 2 ** (attempt - 1));
  }
  return { ok: false, attempts, error };
}
