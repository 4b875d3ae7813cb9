/**
 * Keeps the embedded Chroma server running: when it dies (killed, crashed,
 * out of memory) it is started again on the same port, so the URL every
 * client holds stays valid, after a back-off that grows on repeated
 * failures (0.5 s, 1 s, 2 s ... 30 s) and resets once it has stayed up for
 * a minute. Writes wait for it meanwhile (see createSearchIndex's
 * `writeWaitMs`); health shows degraded until it is back.
 */
import { startChroma, type ChromaServer, type StartChromaOptions } from './chroma-server';

export interface ChromaSupervisor {
  url: string;
  /** Pid of the current server's guard process (changes on restart). */
  readonly pid: number;
  readonly restarts: number;
  readonly up: boolean;
  stop(): Promise<void>;
}

export interface SuperviseOptions extends Omit<StartChromaOptions, 'signal'> {
  log?: (msg: string) => void;
  /** First back-off; doubles up to maxBackoffMs. Default 500 ms. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const t = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
});

export async function superviseChroma(options: SuperviseOptions): Promise<ChromaSupervisor> {
  const log = options.log ?? (() => {});
  const stopping = new AbortController();
  let server: ChromaServer = await startChroma({ ...options });
  const port = Number(new URL(server.url).port);
  let restarts = 0;
  let up = true;

  const watch = async () => {
    let backoff = options.backoffMs ?? 500;
    const max = options.maxBackoffMs ?? 30_000;
    while (!stopping.signal.aborted) {
      const startedAt = Date.now();
      const how = await server.exited;
      up = false;
      if (stopping.signal.aborted) return;
      if (Date.now() - startedAt > 60_000) backoff = options.backoffMs ?? 500;
      log(`The search server (Chroma) stopped (${how.signal ?? `exit ${how.code}`}); starting it again in ${backoff} ms`);
      for (;;) {
        await sleep(backoff, stopping.signal);
        if (stopping.signal.aborted) return;
        try {
          server = await startChroma({ ...options, port, signal: stopping.signal });
          restarts++;
          up = true;
          log(`The search server (Chroma) is back at ${server.url}`);
          break;
        } catch (e) {
          backoff = Math.min(max, backoff * 2);
          log(`Restarting Chroma failed: ${(e as Error).message}; next try in ${backoff} ms`);
        }
      }
    }
  };
  const watching = watch();

  return {
    url: server.url,
    get pid() { return server.pid; },
    get restarts() { return restarts; },
    get up() { return up; },
    async stop() {
      stopping.abort();
      await server.stop();
      await watching;
    },
  };
}
