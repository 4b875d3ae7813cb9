import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * One Chroma server for a whole test run: scripts/test.sh starts it and exports its URL as
 * CMS_TEST_CHROMA_URL. A product a test starts on a data folder then uses it with a collection of its own,
 * named after the folder (a restart on the same folder finds its vectors again), instead of spawning an
 * embedded Chroma (seconds of CPU per start). Without the variable (a file run on its own) this returns
 * nothing and the product starts its embedded Chroma as it would for a user.
 *
 * A test that sets CHROMA_URL itself (even to '' for the embedded one: tests about the embedded Chroma's
 * start, restart or death) or CHROMA_PORT keeps its choice.
 */
export function sharedChromaEnv(dataDir: string, env: Record<string, string | undefined> = {}): Record<string, string> {
  const url = process.env.CMS_TEST_CHROMA_URL;
  if (!url || 'CHROMA_URL' in env || 'CHROMA_PORT' in env) return {};
  return { CHROMA_URL: url, CHROMA_COLLECTION: testCollection(dataDir) };
}

/** The collection of the product on `dataDir` in the run's shared Chroma. */
export function testCollection(dataDir: string): string {
  return `test-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 24)}`;
}
