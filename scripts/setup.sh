#!/usr/bin/env bash
# One-time (and idempotent) setup: system packages, npm dependencies, the
# built web console. Fast when everything is already in place.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-system.sh

# npm dependencies: reinstall only when package-lock.json changed.
stamp=node_modules/.setup-stamp
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing npm dependencies…" >&2
  npm ci --no-audit --no-fund >&2
  echo "$want" > "$stamp"
fi

# Chroma's native binding ships with 380 MB of debug symbols: strip them once (55 MB left).
binding=node_modules/chromadb-js-bindings-linux-x64-gnu/chromadb-js-bindings.linux-x64-gnu.node
if [ -f "$binding" ] && [ "$(stat -c %s "$binding")" -gt 200000000 ] && command -v strip >/dev/null; then
  strip --strip-debug "$binding" || true
fi

# Web console: rebuild when any source is newer than the build.
if [ -d web/src ]; then
  if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts core/types.ts -newer web/dist/index.html -print -quit 2>/dev/null)" ]; then
    echo "Building the web console…" >&2
    npx vite build --config web/vite.config.ts --logLevel warn >&2
  fi
  # The embeddable chat widget (esbuild, its own bundles in web/widget/dist).
  if [ ! -f web/widget/dist/widget.js ] || [ -n "$(find web/widget web/src/features/chat -name '*.ts' -newer web/widget/dist/widget.js -print -quit 2>/dev/null)" ]; then
    echo "Building the chat widget…" >&2
    node --import tsx web/widget/build.ts >/dev/null
  fi
fi

# The `cms` command's JavaScript build (bin/dist, see bin/build.mjs): rebuilt when a source is newer.
node bin/build.mjs --if-stale
