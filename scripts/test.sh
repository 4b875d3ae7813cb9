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
built=()
for f in "${files[@]}"; do built+=("$built_dir/${f%.ts}.mjs"); done
node --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-timeout=600000 "$@" "${built[@]}"
