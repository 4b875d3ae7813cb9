import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, it, type TestContext } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { AppError, type ErrorCode } from '../foundation/errors';
import { storageStats } from '../engines/storage/stats';
import type { ObjectStore } from '../engines/storage/types';

export interface StoreUnderTest {
  store: ObjectStore;
  cleanup: () => Promise<void>;
}

export interface ContractOptions {
  /** Bytes of the streamed large put; 0 skips it. Default 64 MiB. */
  largeBytes?: number;
}

/** Keys every store must refuse with AppError('validation') before touching storage. */
export const INVALID_KEYS: readonly string[] = [
  '', '..', '../x', 'a/../b', 'a/..', '.', './a', 'a/./b',
  '%2e%2e', '%2e%2e/x', 'a/%2E%2E/b', 'a/%252e%252e/b', '%2Fetc%2Fpasswd', 'a/%5C..',
  '/etc/passwd', '/a', 'C:\\x', 'C:/x', 'a\\b',
  'a\u0000b', 'a/b%00.pdf', 'a\nb', 'a\rb', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a/\u202eexe.pdf',
  'a//b', 'a/', 'x'.repeat(1025), `a/${'ש'.repeat(200)}`,
];

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const readAll = async (body: Readable) => Buffer.concat(await body.toArray());
const rejectsWith = (code: ErrorCode, p: Promise<unknown>, what: string) =>
  assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof AppError, `${what}: expected AppError(${code}), got ${String(e)}`);
    assert.equal(e.code, code, `${what}: ${e.message}`);
    return true;
  });
/** Chunks of a Buffer as a stream that does not know its length. */
const streamOf = (b: Buffer, chunk = 7919) =>
  Readable.from((function* () {
    for (let i = 0; i < b.length; i += chunk) yield b.subarray(i, i + chunk);
  })());

/** Proves the ObjectStore behaviour for any implementation; each test gets a fresh, empty store. */
export function runObjectStoreContract(
  name: string,
  makeStore: () => Promise<StoreUnderTest>,
  options: ContractOptions = {},
): void {
  const test = (title: string, fn: (store: ObjectStore, t: TestContext) => Promise<void>, timeout = 20_000) =>
    it(title, { timeout }, async (t) => {
      const { store, cleanup } = await makeStore();
      try {
        await fn(store, t);
      } finally {
        await cleanup();
      }
    });

  describe(`ObjectStore contract: ${name}`, () => {
    test('put of a Buffer then get returns the same bytes, total size and a type from the extension', async (store) => {
      const data = Buffer.from('%PDF-1.4 hello');
      const stored = await store.put('docs/a.pdf', data);
      assert.equal(stored.key, 'docs/a.pdf');
      assert.equal(stored.size, data.length);
      assert.ok(!Number.isNaN(Date.parse(stored.lastModified)));
      const got = await store.get('docs/a.pdf');
      assert.equal(got.size, data.length);
      assert.equal(got.contentType, 'application/pdf');
      assert.deepEqual(await readAll(got.body), data);
    });

    test('put of a stream of unknown length and of known length both round-trip', async (store) => {
      const data = randomBytes(300_000);
      assert.equal((await store.put('s/unknown.bin', streamOf(data))).size, data.length);
      assert.equal((await store.put('s/known.bin', streamOf(data), { size: data.length })).size, data.length);
      assert.equal(sha256(await readAll((await store.get('s/unknown.bin')).body)), sha256(data));
      assert.equal(sha256(await readAll((await store.get('s/known.bin')).body)), sha256(data));
    });

    test('a body longer or shorter than its declared size is refused and nothing is stored', async (store) => {
      const data = randomBytes(200_000);
      for (const [what, size] of [['shorter', data.length + 1], ['longer', data.length - 1]] as const) {
        await rejectsWith('validation', store.put('len/s.bin', streamOf(data), { size }), `stream ${what} than declared`);
        await rejectsWith('validation', store.put('len/b.bin', data, { size }), `Buffer ${what} than declared`);
      }
      assert.equal(await store.head('len/s.bin'), null);
      assert.equal(await store.head('len/b.bin'), null);
    });

    test('binary content (every byte value, random bytes) and an empty object come back exactly', async (store) => {
      const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(1 << 20)]);
      await store.put('bin/all-bytes', data);
      const got = await readAll((await store.get('bin/all-bytes')).body);
      assert.equal(sha256(got), sha256(data));
      await store.put('bin/empty', Buffer.alloc(0));
      assert.equal((await readAll((await store.get('bin/empty')).body)).length, 0);
      assert.equal((await store.head('bin/empty'))?.size, 0);
    });

    test('Hebrew folder and file names are stored, listed and read under the exact key', async (store) => {
      const key = 'מסמכים/דוח שנתי 2024 (סופי).pdf';
      await store.put(key, Buffer.from('שלום עולם'));
      assert.equal((await store.head(key))?.key, key);
      assert.deepEqual((await store.list({ prefix: 'מסמכים/' })).objects.map((o) => o.key), [key]);
      assert.equal((await readAll((await store.get(key)).body)).toString('utf8'), 'שלום עולם');
    });

    test('get with a range returns those bytes and the total size of the object', async (store) => {
      const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      await store.put('r/data.bin', data);
      const cases: Array<[{ start?: number; end?: number }, Buffer]> = [
        [{ start: 0, end: 9 }, data.subarray(0, 10)],
        [{ start: 500, end: 599 }, data.subarray(500, 600)],
        [{ start: 999, end: 999 }, data.subarray(999)],
        [{ start: 990 }, data.subarray(990)],
        [{ start: 995, end: 5000 }, data.subarray(995)],
      ];
      for (const [range, want] of cases) {
        const got = await store.get('r/data.bin', range);
        assert.equal(got.size, 1000, `total size for ${JSON.stringify(range)}`);
        assert.deepEqual(await readAll(got.body), want, `bytes for ${JSON.stringify(range)}`);
      }
      await rejectsWith('validation', store.get('r/data.bin', { start: 1000 }), 'start past the end');
      await rejectsWith('validation', store.get('r/data.bin', { start: 10, end: 5 }), 'end before start');
      await rejectsWith('validation', store.get('r/data.bin', { start: -1 }), 'negative start');
    });

    test('a missing key: head gives null, get throws not_found, a "folder" is not an object', async (store) => {
      assert.equal(await store.head('nothing/here.txt'), null);
      await rejectsWith('not_found', store.get('nothing/here.txt'), 'get of a missing key');
      await store.put('folder/inside.txt', Buffer.from('x'));
      assert.equal(await store.head('folder'), null);
      await rejectsWith('not_found', store.get('folder'), 'get of a folder');
    });

    test('delete removes the object and is idempotent', async (store) => {
      await store.put('d/x.txt', Buffer.from('x'));
      await store.put('d/y.txt', Buffer.from('y'));
      await store.delete('d/x.txt');
      assert.equal(await store.head('d/x.txt'), null);
      await store.delete('d/x.txt');
      await store.delete('never/was.txt');
      assert.deepEqual((await store.list()).objects.map((o) => o.key), ['d/y.txt']);
    });

    test('list is sorted by key, filters by prefix and reports size and date', async (store) => {
      for (const k of ['b/2.txt', 'a/1.txt', 'b/1.txt', 'ba/3.txt', 'c.txt']) await store.put(k, Buffer.from(k));
      const all = (await store.list()).objects;
      assert.deepEqual(all.map((o) => o.key), ['a/1.txt', 'b/1.txt', 'b/2.txt', 'ba/3.txt', 'c.txt']);
      assert.deepEqual(all.map((o) => o.size), [7, 7, 7, 8, 5]);
      assert.ok(all.every((o) => !Number.isNaN(Date.parse(o.lastModified)) && typeof o.storageClass === 'string'));
      assert.deepEqual((await store.list({ prefix: 'b/' })).objects.map((o) => o.key), ['b/1.txt', 'b/2.txt']);
      assert.deepEqual((await store.list({ prefix: 'b' })).objects.map((o) => o.key), ['b/1.txt', 'b/2.txt', 'ba/3.txt']);
      assert.deepEqual((await store.list({ prefix: 'zzz/' })).objects, []);
    });

    test('list pages by cursor: limit 2 over 5 objects gives 2+2+1, each key exactly once', async (store) => {
      const keys = ['p/1', 'p/2', 'p/3', 'p/4', 'p/5'];
      for (const k of [...keys].reverse()) await store.put(k, Buffer.from(k));
      await store.put('q/other', Buffer.from('q'));
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await store.list({ prefix: 'p/', limit: 2, cursor });
        sizes.push(page.objects.length);
        seen.push(...page.objects.map((o) => o.key));
        cursor = page.nextCursor;
        assert.ok(sizes.length < 10, 'paging does not end');
      } while (cursor);
      assert.deepEqual(seen, keys);
      assert.deepEqual(sizes, [2, 2, 1]);
    });

    test('storageStats counts files, bytes and files per first folder over several pages', async (store) => {
      await store.put('docs/a.pdf', Buffer.alloc(10));
      await store.put('docs/sub/b.pdf', Buffer.alloc(20));
      await store.put('images/c.png', Buffer.alloc(30));
      await store.put('top.txt', Buffer.alloc(5));
      assert.deepEqual(await storageStats(store), {
        totalFiles: 4,
        totalSize: 65,
        folderCounts: { docs: 2, images: 1, '(root)': 1 },
      });
    });

    test('unsafe keys (traversal, encoded traversal, absolute, control chars, empty segments, too long) are refused', async (store) => {
      for (const key of INVALID_KEYS) {
        const what = JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}...` : key);
        await rejectsWith('validation', store.put(key, Buffer.from('x')), `put ${what}`);
        await rejectsWith('validation', store.get(key), `get ${what}`);
        await rejectsWith('validation', store.head(key), `head ${what}`);
        await rejectsWith('validation', store.delete(key), `delete ${what}`);
      }
      assert.equal((await storageStats(store)).totalFiles, 0, 'nothing was written');
    });

    test('putting an existing key replaces its content', async (store) => {
      await store.put('o/k.txt', Buffer.from('the first, longer content'));
      await store.put('o/k.txt', Buffer.from('short'));
      assert.equal((await readAll((await store.get('o/k.txt')).body)).toString(), 'short');
      assert.equal((await store.head('o/k.txt'))?.size, 5);
      assert.equal((await store.list()).objects.length, 1);
    });

    test('an aborted put rejects and leaves no object', async (store) => {
      const ac = new AbortController();
      // Slow and long (up to 64 MiB), so the abort comes first; it ends on its own so a
      // store that ignores the signal fails the test instead of hanging it.
      let chunks = 0;
      const slow = new Readable({
        read() {
          // The caller aborts once the store has taken the first chunks: the put is under way.
          if (chunks === 4) ac.abort();
          setTimeout(() => this.push(chunks++ < 1024 ? randomBytes(64 * 1024) : null), 1);
        },
      });
      await assert.rejects(store.put('ab/slow.bin', slow, { signal: ac.signal }), (e: Error) => e.name === 'AbortError');
      assert.equal(await store.head('ab/slow.bin'), null);
      slow.destroy();
    });

    const largeBytes = options.largeBytes ?? 64 * 1024 * 1024;
    if (largeBytes > 0) {
      test(`a ${largeBytes >> 20} MiB streamed put and get keep memory flat and round-trip by sha256`, async (store, t) => {
        const put = await measureMemory(async () => {
          const hash = createHash('sha256');
          const source = Readable.from(generate(largeBytes, hash));
          const stored = await store.put('big/large.bin', source);
          assert.equal(stored.size, largeBytes);
          return hash.digest('hex');
        });
        const get = await measureMemory(async () => {
          const got = await store.get('big/large.bin');
          assert.equal(got.size, largeBytes);
          const hash = createHash('sha256');
          for await (const chunk of got.body) hash.update(chunk as Buffer);
          return hash.digest('hex');
        });
        const gc = exposeGc() ? 'forced gc' : 'V8 default gc';
        t.diagnostic(`${largeBytes >> 20} MiB, ${gc}: put rss +${mb(put.rss)} MB, live buffers +${mb(put.live)} MB; ` +
          `get rss +${mb(get.rss)} MB, live buffers +${mb(get.live)} MB`);
        assert.equal(get.value, put.value, 'sha256 of the bytes read back');
        for (const [what, m] of [['put', put], ['get', get]] as const) {
          assert.ok(m.rss < 64 * MiB, `rss grew ${mb(m.rss)} MB during the ${what}`);
          assert.ok(m.live < 48 * MiB, `${mb(m.live)} MB of Buffers were held during the ${what}`);
        }
      }, 240_000); // a deadline for a hung store, not a speed check: 64 MiB takes over a minute on a loaded 2-core machine
    }
  });
}

/** Random 64 KiB chunks, made only as the consumer asks for them. */
function* generate(total: number, hash: ReturnType<typeof createHash>) {
  for (let left = total; left > 0; left -= 65536) {
    const chunk = randomBytes(Math.min(65536, left));
    hash.update(chunk);
    yield chunk;
  }
}

const MiB = 1024 * 1024;
const mb = (n: number) => (n / MiB).toFixed(1);

/**
 * The largest rise of memory while `fn` runs, sampled every 50 ms after a
 * forced garbage collection: of `rss`, and of `live`, the Buffers still
 * referenced (memoryUsage().arrayBuffers). A rise is measured from the lowest
 * level seen before it, so memory a previous test frees late does not hide
 * buffering. Without the forced collection rss mostly shows V8's lag in
 * collecting freed Buffers (it waits for about 64 MB of them), the same for
 * any code. rss alone can miss a store that buffers everything when memory
 * freed earlier is reused; `live` cannot.
 */
async function measureMemory<T>(fn: () => Promise<T>): Promise<{ value: T; rss: number; live: number }> {
  const gc = exposeGc();
  const low = { rss: Infinity, live: Infinity };
  const rise = { rss: 0, live: 0 };
  const sample = () => {
    gc?.();
    const now = process.memoryUsage();
    low.rss = Math.min(low.rss, now.rss);
    low.live = Math.min(low.live, now.arrayBuffers);
    rise.rss = Math.max(rise.rss, now.rss - low.rss);
    rise.live = Math.max(rise.live, now.arrayBuffers - low.live);
  };
  sample();
  const timer = setInterval(sample, 50);
  try {
    const value = await fn();
    sample();
    return { value, ...rise };
  } finally {
    clearInterval(timer);
  }
}

/** The `gc()` function, also when node was started without --expose-gc. */
function exposeGc(): (() => void) | undefined {
  if (typeof globalThis.gc === 'function') return globalThis.gc as () => void;
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('typeof gc === "function" ? gc : undefined');
  return typeof gc === 'function' ? (gc as () => void) : undefined;
}
