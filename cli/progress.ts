import { createElement } from 'react';
import type { Logger } from './logger';

export interface Progress {
  update(done: number, total: number, detail?: string | null): void;
  stop(): Promise<void>;
}

/**
 * Progress of one long step in the logger's mode: a bar on a terminal, a
 * plain line at most every `plainEveryMs` when piped, nothing with --json.
 */
export async function startProgress(logger: Logger, label: string, options: { plainEveryMs?: number } = {}): Promise<Progress> {
  if (logger.mode === 'json') return { update() {}, async stop() {} };
  if (logger.mode === 'plain') {
    let last = 0;
    return {
      update(done, total, detail) {
        const now = Date.now();
        if (done < total && now - last < (options.plainEveryMs ?? 1000)) return;
        last = now;
        logger.line(`${label} ${done}/${total}${detail ? `: ${detail}` : ''}`);
      },
      async stop() {},
    };
  }
  const { ProgressLine } = await import('./views/progress-line');
  const live = await logger.live(createElement(ProgressLine, { label, percent: null }));
  return {
    update(done, total, detail) {
      live?.update(createElement(ProgressLine, { label, percent: total ? (done / total) * 100 : 0, detail: detail ? `${done}/${total} ${detail}` : `${done}/${total}` }));
    },
    async stop() {
      await live?.done();
    },
  };
}
