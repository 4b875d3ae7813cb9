/**
 * The product's version, read once from its package.json: found by walking up
 * from this module, so it holds from the sources (core/foundation/) and from
 * the CLI's bundle (bin/dist/, bin/dist/chunks/) alike. "0.0.0" when no
 * package.json of the product is found.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'smarthome-content-platform';

function readVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === PACKAGE_NAME && pkg.version) return pkg.version;
    } catch {
      // no package.json here: look one folder up
    }
  }
  return '0.0.0';
}

export const PRODUCT_VERSION = readVersion();
