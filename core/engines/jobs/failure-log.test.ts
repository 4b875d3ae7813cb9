/**
 * Job failures in the log: an expected failure (a damaged file, a service
 * down) is a warning, an internal error an error, each with jobId and itemId
 * as fields (not only inside the message), so a log search or an alert can
 * use them; lineLogger writes them as pino fields at that level.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { openCatalog } from '../catalog/catalog';
import { AppError } from '../../foundation/errors';
import { createLog, lineLogger, type LogFields } from '../../foundation/log';
import { createJobQueue } from './queue';

describe('job failures in the log', () => {
  it('a damaged file logs warn, an internal error logs error, both with jobId, itemType and itemId fields', async () => {
    const c = openCatalog(mkdtempSync(path.join(os.tmpdir(), 'jobs-log-')));
    const lines: Array<{ msg: string; fields?: LogFields }> = [];
    const q = createJobQueue({
      catalog: c, concurrency: 1, log: (msg, fields) => void lines.push({ msg, fields }),
      handlers: {
        ingest: async (j) => {
          if (j.itemId === 1) throw new AppError('corrupt_file', '"a.pdf" is damaged', { details: { file: 'a.pdf', reason: 'damaged' } });
          throw new Error('a bug');
        },
      },
    });
    q.start();
    const first = await q.enqueue('ingest', 'document', 1);
    const second = await q.enqueue('ingest', 'document', 2);
    await q.idle();
    await q.stop();
    const failed = lines.filter((l) => / failed: /.test(l.msg));
    const of = (id: number) => failed.find((l) => l.fields?.itemId === id)?.fields;
    assert.deepEqual({ ...of(1) }, { level: 'warn', jobId: first.id, jobKind: 'ingest', itemType: 'document', itemId: 1, code: 'corrupt_file', reason: 'failure.damaged' });
    assert.equal(of(2)?.level, 'error');
    assert.equal(of(2)?.jobId, second.id);
    assert.equal(of(2)?.code, 'internal');
  });

  it('lineLogger writes the fields as JSON fields at the given level (40 warn, 50 error); a bare message stays info', () => {
    const out: string[] = [];
    const log = createLog({ level: 'info', destination: new Writable({ write(chunk, _e, cb) { out.push(String(chunk)); cb(); } }) });
    const line = lineLogger(log);
    line('job 7 failed: damaged', { level: 'warn', jobId: 7, itemId: 3 });
    line('job 8 failed: a bug', { level: 'error', jobId: 8, itemId: 4 });
    line('Worker is taking jobs');
    const parsed = out.map((l) => JSON.parse(l) as { level: number; msg: string; jobId?: number; itemId?: number });
    assert.deepEqual(parsed.map((p) => [p.level, p.jobId, p.itemId]), [[40, 7, 3], [50, 8, 4], [30, undefined, undefined]]);
  });
});
