/**
 * A worker's metrics on several machines: `cms worker --metrics-port P`
 * serves the worker's own figures (its job counters, its dependency up
 * gauges, its process, the version) at /metrics for a scraper, behind
 * METRICS_TOKEN when it is set.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { processGroup } from '../server/testing';

const METRICS_TOKEN = 'worker-metrics-token-0123456789abcdef';
const group = processGroup('cms-worker-metrics');
after(() => group.stopAll());

describe('cms worker --metrics-port', () => {
  it('serves the worker\'s metrics in Prometheus text at /metrics, only with METRICS_TOKEN', async () => {
    const w = await group.start(['cms', 'worker', '--metrics-port', '0'], {
      ...process.env, LOG_LEVEL: 'info', METRICS_TOKEN, CMS_TOKEN: 'worker-test-token-0123456789abcdef0123', ADMIN_PASSWORD: 'worker-pass-1234', ANTHROPIC_API_KEY: '',
    }, /Metrics at (http:\/\/[\d.]+:\d+)\/metrics/);
    assert.match(w.out, /is taking jobs|Metrics at/);
    assert.equal((await fetch(`${w.url}/metrics`)).status, 401);
    const res = await fetch(`${w.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    assert.match(text, /^# HELP cms_job_duration_seconds /m);
    assert.match(text, /^# HELP cms_job_failures_total /m);
    assert.match(text, /^cms_build_info\{version="[^"]+",node="v[^"]+"\} 1$/m);
    assert.match(text, /^cms_dependency_up\{dependency="catalog_file"\} 1$/m);
    assert.match(text, /^cms_process_resident_memory_bytes \d+/m);
    assert.equal((await fetch(`${w.url}/other`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status, 404);
  });
});
