import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../core/foundation/errors';
import type { ContentType } from '../core/foundation/types';
import type { Product } from '../core/product/index';
import { isFinished, listItemViews, type ItemView } from './item-view';

export interface Tracker {
  /** Resolves with the item once it is completed or failed; `onUpdate` sees every change on the way, `onSeen` every poll. */
  track(item: ItemView, onUpdate?: (item: ItemView) => void, onSeen?: (item: ItemView) => void): Promise<ItemView>;
  readonly size: number;
}

interface Pending {
  last: ItemView;
  onUpdate?: (item: ItemView) => void;
  onSeen?: (item: ItemView) => void;
  resolve: (item: ItemView) => void;
  reject: (e: unknown) => void;
}

const key = (type: ContentType, id: number) => `${type}:${id}`;
const changed = (a: ItemView, b: ItemView) => a.status !== b.status || a.progress !== b.progress || a.step !== b.step || a.error !== b.error;

/**
 * Follows items until they finish, with one poll loop for all of them (one
 * list request per type per tick, however many files are in flight).
 */
export function createTracker(product: Product, options: { intervalMs: number; signal: AbortSignal }): Tracker {
  // One entry per caller: two callers may follow the same item (keys carry a serial number).
  const pending = new Map<string, Pending>();
  let serial = 0;
  let running = false;

  async function loop() {
    running = true;
    try {
      while (pending.size && !options.signal.aborted) {
        await sleep(options.intervalMs, undefined, { signal: options.signal }).catch(() => {});
        if (options.signal.aborted) break;
        const types = new Set([...pending.values()].map((p) => p.last.type));
        for (const type of types) {
          let list: ItemView[];
          try {
            list = await listItemViews(product, type);
          } catch (e) {
            for (const [k, p] of pending) if (p.last.type === type) (pending.delete(k), p.reject(e));
            continue;
          }
          const byId = new Map(list.map((i) => [i.id, i]));
          for (const [k, p] of pending) {
            if (p.last.type !== type) continue;
            const now = byId.get(p.last.id);
            if (!now) {
              pending.delete(k);
              p.reject(new AppError('not_found', `${type} ${p.last.id} was deleted while it was being processed`));
              continue;
            }
            p.onSeen?.(now);
            if (changed(p.last, now)) p.onUpdate?.(now);
            p.last = now;
            if (isFinished(now.status)) {
              pending.delete(k);
              p.resolve(now);
            }
          }
        }
      }
      if (options.signal.aborted) {
        for (const [k, p] of pending) (pending.delete(k), p.reject(options.signal.reason ?? new Error('interrupted')));
      }
    } finally {
      running = false;
    }
  }

  return {
    track(item, onUpdate, onSeen) {
      if (isFinished(item.status)) return Promise.resolve(item);
      return new Promise<ItemView>((resolve, reject) => {
        pending.set(`${key(item.type, item.id)}#${serial++}`, { last: item, onUpdate, onSeen, resolve, reject });
        if (!running) void loop();
      });
    },
    get size() {
      return pending.size;
    },
  };
}
