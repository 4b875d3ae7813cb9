import { fixtures } from '../core/testing/fixtures';
import { startFakeAnthropic } from '../core/testing/fake-anthropic';
import { login, startTestServer } from '../server/testing';
import { percentile } from './proc';

/**
 * The server's own time per answer: POST /api/bot/rag-query through the
 * real server, real index and real SDK, against a fake Messages API that
 * answers at once, so what is measured is everything but the model.
 */
export async function llmOverhead(queries = 40) {
  const fake = await startFakeAnthropic({ responder: () => ({ text: 'Fit the bracket first [1].' }) });
  const server = await startTestServer({ env: { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', CHAT_RATE_LIMIT: '100000', CHAT_RATE_LIMIT_PER_IP: '100000' } });
  try {
    const cookie = await login(server);
    const pdf = await fixtures.pdf();
    const form = new FormData();
    const { openAsBlob } = await import('node:fs');
    form.set('file', await openAsBlob(pdf.path), 'guide.pdf');
    await fetch(`${server.url}/api/documents`, { method: 'POST', headers: { cookie }, body: form });
    await server.services!.queue.idle();
    const lat: number[] = [];
    for (let i = 0; i < queries; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/bot/rag-query`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `${pdf.phrases.en[i % pdf.phrases.en.length]}?`, referenceId: `bench-${i}` }),
      });
      await res.json();
      lat.push(performance.now() - t);
    }
    return { queries, p50: percentile(lat, 50), p95: percentile(lat, 95), llmCalls: fake.requests.length };
  } finally {
    await server.stop();
    await fake.close();
  }
}
