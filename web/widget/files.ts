/**
 * Where the built widget lives (web/widget/dist, made by `npm run build:web`):
 * the server serves these files as they are, with no build tooling at run time.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WIDGET_DIST = join(dirname(fileURLToPath(import.meta.url)), 'dist');
export const WIDGET_FILES = { loader: 'widget.js', frame: 'widget-frame.js' } as const;
