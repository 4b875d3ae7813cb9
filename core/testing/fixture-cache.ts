/**
 * Generated fixtures that take seconds to make (the LibreOffice conversion of the DOCX to PDF: 5-15 s per cold
 * start on a loaded 2-core machine) made once per test run instead of once per test file. When
 * CMS_FIXTURE_CACHE names a folder (scripts/test.sh makes one with mktemp for the run and removes it after),
 * the first process that needs a fixture generates it as before and leaves a copy there; the others copy it.
 * Without the variable every process generates its own, as before.
 *
 * The key is the fixture's name plus a hash of the code that generates it and of LibreOffice's version, so an
 * edited generator never gets an old file. A copy is written under a temporary name and renamed: a reader never
 * sees half a file, and two processes generating the same fixture at once both end with a whole one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The generators a cached fixture depends on (their text is part of the key). */
const SOURCES = ['fixtures.ts', 'fixture-office.ts', 'fixture-media.ts', 'pdf-writer.ts', 'zip-writer.ts', '../tools/render.ts'].map((f) => join(here, f));
const TOOL_VERSIONS = ['/usr/lib/libreoffice/program/versionrc'];

let keyBase: string | undefined;
function generatorHash(): string {
  if (keyBase) return keyBase;
  const h = createHash('sha256');
  for (const f of [...SOURCES, ...TOOL_VERSIONS]) h.update(f).update(existsSync(f) ? readFileSync(f) : 'missing');
  return (keyBase = h.digest('hex').slice(0, 16));
}

/** The run's shared fixture folder, if the runner made one. */
export function sharedFixtureDir(): string | null {
  return process.env.CMS_FIXTURE_CACHE || null;
}

/**
 * Makes `out` with `make` (which writes it), or copies it from the run's shared folder when another process made
 * it already. `name` names the fixture (its file in the shared folder).
 */
export async function sharedFixture(name: string, out: string, make: () => Promise<unknown>, dir = sharedFixtureDir()): Promise<void> {
  if (!dir) {
    await make();
    return;
  }
  const cached = join(dir, `${generatorHash()}-${name}`);
  if (existsSync(cached)) {
    await copyFile(cached, out);
    return;
  }
  await make();
  await mkdir(dir, { recursive: true });
  const part = `${cached}.${process.pid}.part`;
  await copyFile(out, part);
  await rename(part, cached);
}
