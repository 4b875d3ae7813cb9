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

# What the server serves and runs: the web console, the chat widget, the JavaScript build (each only when stale).
bash scripts/build.sh
