#!/usr/bin/env bash
# The build of what the server serves and runs, each part redone only when a source is newer than it:
# the web console (web/dist: `/`, `/rag-bot`), the embeddable chat widget (web/widget/dist: `/widget.js`),
# and the JavaScript build of the server and `cms` (bin/dist, see bin/build.mjs). Needs the npm
# dependencies (`npm ci`). scripts/setup.sh runs it; so does the deployment install (deploy/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# Web console: rebuild when any source is newer than the build.
if [ -d web/src ]; then
  if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts core/foundation/types.ts -newer web/dist/index.html -print -quit 2>/dev/null)" ]; then
    echo "Building the web console…" >&2
    npx vite build --config web/vite.config.ts --logLevel warn >&2
  fi
  # The embeddable chat widget (esbuild, its own bundles in web/widget/dist).
  if [ ! -f web/widget/dist/widget.js ] || [ -n "$(find web/widget web/src/features/chat -name '*.ts' -newer web/widget/dist/widget.js -print -quit 2>/dev/null)" ]; then
    echo "Building the chat widget…" >&2
    node --import tsx web/widget/build.ts >/dev/null
  fi
fi

# The `cms` command's and the server's JavaScript build (bin/dist): rebuilt when a source is newer.
node bin/build.mjs --if-stale
