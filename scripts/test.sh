#!/usr/bin/env bash
# Runs every *.test.ts in the repo with node's test runner (Node 20 has no
# glob for --test, so the files are listed here).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find core server cli web/src web/e2e bench deploy -name '*.test.ts' -not -path '*/node_modules/*' 2>/dev/null | sort)
if [ ${#files[@]} -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
export NODE_OPTIONS="${NODE_OPTIONS:-} --openssl-legacy-provider"
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
# --test-timeout is a deadline for a hung file, not a speed check: on a loaded 2-core machine the PostgreSQL
# durability file (24 server starts) takes minutes.
# Fixtures that take seconds to generate (the LibreOffice PDF) are made once for the run, not once per file
# (core/testing/fixture-cache.ts); the folder is removed when the run ends.
# The tests run `cms` as users do: from its JavaScript build when current (bin/cms falls back to the TypeScript).
node bin/build.mjs --if-stale
CMS_FIXTURE_CACHE="$(mktemp -d "${TMPDIR:-/tmp}/cms-fixture-cache-XXXXXX")"
export CMS_FIXTURE_CACHE
trap 'rm -rf "$CMS_FIXTURE_CACHE"' EXIT
# The test files run from a JavaScript build of them (scripts/build-tests.mjs: no tsx hooks in each test process);
# CMS_TEST_FROM_SOURCE=1 runs the TypeScript through tsx instead.
if [ -n "${CMS_TEST_FROM_SOURCE:-}" ]; then
  node --import tsx --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-timeout=600000 "$@" "${files[@]}"
  exit
fi
built_dir=node_modules/.cache/cms-tests
node scripts/build-tests.mjs "$built_dir" "${files[@]}"
browser=() others=()
for f in "${files[@]}"; do
  case "$f" in web/e2e/*) browser+=("$built_dir/${f%.ts}.mjs") ;; *) others+=("$built_dir/${f%.ts}.mjs") ;; esac
done
# The browser tests mostly wait (on Chromium, on the server's jobs: 1,860 s of wall time for 615 CPU-s, measured file by
# file): they run from the start in a runner of their own, beside the other files, instead of last two at a time with
# the cores idle. Their report is printed when both runners are done.
browser_out="$(mktemp "${TMPDIR:-/tmp}/cms-browser-tests-XXXXXX")"
browser_pid=
trap 'rm -rf "$CMS_FIXTURE_CACHE" "$browser_out"; if [ -n "$browser_pid" ]; then kill "$browser_pid" 2>/dev/null || true; fi' EXIT
browser_status=0
if [ ${#browser[@]} -gt 0 ]; then
  node --test --test-concurrency="${BROWSER_TEST_CONCURRENCY:-2}" --test-timeout=600000 "$@" "${browser[@]}" > "$browser_out" 2>&1 &
  browser_pid=$!
fi
others_status=0
node --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-timeout=600000 "$@" "${others[@]}" || others_status=$?
if [ ${#browser[@]} -gt 0 ]; then
  wait "$browser_pid" || browser_status=$?
  echo "# browser tests (web/e2e), run beside the others:"
  cat "$browser_out"
fi
[ "$others_status" -eq 0 ] && [ "$browser_status" -eq 0 ]
