#!/usr/bin/env bash
# Runs the *.test.ts files with node's test runner (Node 20 has no glob for --test, so the files are listed here).
#   scripts/test.sh                 the whole suite (npm test, CI)
#   scripts/test.sh --quick         the quick tier (npm run test:quick): every file but those scripts/test-full-only.txt
#                                   names (browser, kill/restart, cluster, PostgreSQL durability); see docs/CONVENTIONS.md
#   scripts/test.sh [--quick] FILE… only those files (with the run's shared Chroma, like the whole suite)
# Other arguments starting with `-` go to node --test (e.g. --test-name-pattern).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=
files=()
opts=()
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    -*) opts+=("$a") ;;
    *) files+=("$a") ;;
  esac
done
if [ ${#files[@]} -eq 0 ]; then
  mapfile -t files < <(find core server cli web/src web/e2e bench deploy -name '*.test.ts' -not -path '*/node_modules/*' 2>/dev/null | sort)
fi
if [ -n "$quick" ]; then
  # A file is left out of the quick tier when it matches a pattern of scripts/test-full-only.txt (comments after #).
  mapfile -t full_only < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' scripts/test-full-only.txt | grep -v '^$')
  kept=()
  for f in "${files[@]}"; do
    skip=
    for p in "${full_only[@]}"; do
      # shellcheck disable=SC2053 # a glob on purpose
      if [[ "$f" == $p ]]; then skip=1; break; fi
    done
    [ -z "$skip" ] && kept+=("$f")
  done
  files=("${kept[@]}")
fi
if [ ${#files[@]} -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
export NODE_OPTIONS="${NODE_OPTIONS:-} --openssl-legacy-provider"
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
# --test-timeout is a deadline for a hung file, not a speed check: on a loaded 2-core machine the PostgreSQL
# durability file takes minutes.
# The tests run `cms` as users do: from its JavaScript build when current (bin/cms falls back to the TypeScript).
node bin/build.mjs --if-stale
# Fixtures that take seconds to generate (the LibreOffice PDF) are made once for the run, not once per file
# (core/testing/fixture-cache.ts); the folder is removed when the run ends.
run_dir="$(mktemp -d "${TMPDIR:-/tmp}/cms-test-run-XXXXXX")"
export CMS_FIXTURE_CACHE="$run_dir/fixtures"
mkdir -p "$CMS_FIXTURE_CACHE"
chroma_pid=
pg_dir=
browser_pid=
cleanup() {
  if [ -n "$pg_dir" ] && [ -f "$pg_dir/data/postmaster.pid" ]; then
    # Immediate shutdown (SIGQUIT to the postmaster, as pg_ctl -m immediate), waiting for its exit up to 15 s.
    pg_pid="$(head -1 "$pg_dir/data/postmaster.pid")"
    kill -QUIT "$pg_pid" 2>/dev/null && timeout 15 tail --pid="$pg_pid" -f /dev/null || true
  fi
  if [ -n "$pg_dir" ]; then rm -rf "$pg_dir"; fi
  if [ -n "$browser_pid" ]; then
    kill -TERM "$browser_pid" 2>/dev/null || true
    wait "$browser_pid" 2>/dev/null || true
  fi
  if [ -n "$chroma_pid" ]; then
    kill -TERM "$chroma_pid" 2>/dev/null || true
    wait "$chroma_pid" 2>/dev/null || true
  fi
  rm -rf "$run_dir" "node_modules/.cache/cms-tests-$$"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# One Chroma server for the whole run (a product start with its own embedded Chroma costs 2-3 CPU-s more): the test
# harnesses give each product a collection of its own on it (core/testing/shared-chroma.ts). Tests about the embedded
# Chroma itself (its start, restart, death) keep their own. setpriv: it dies with this script even on SIGKILL.
if [ -z "${CMS_TEST_CHROMA_URL:-}" ]; then
  chroma_cli="$(node -e "const m=require.resolve('chromadb');console.log(m.slice(0,m.lastIndexOf('/dist/'))+'/dist/cli.mjs')")"
  for attempt in 1 2 3; do
    port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
    RUST_LOG=warn setpriv --pdeathsig TERM node "$chroma_cli" run --path "$run_dir/chroma" --host 127.0.0.1 --port "$port" \
      >>"$run_dir/chroma.log" 2>&1 &
    chroma_pid=$!
    # Ready when its heartbeat answers; gives up when the process exits or after 60 s.
    if node -e "
      const [url, pid] = process.argv.slice(1); const end = Date.now() + 60_000;
      (async () => { for (;;) {
        try { process.kill(Number(pid), 0); } catch { process.exit(2); }
        try { if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) process.exit(0); } catch {}
        if (Date.now() > end) process.exit(1);
        await new Promise((r) => setTimeout(r, 100));
      } })();" "http://127.0.0.1:$port/api/v2/heartbeat" "$chroma_pid"; then
      export CMS_TEST_CHROMA_URL="http://127.0.0.1:$port"
      break
    fi
    kill -KILL "$chroma_pid" 2>/dev/null || true
    wait "$chroma_pid" 2>/dev/null || true
    chroma_pid=
  done
  if [ -z "${CMS_TEST_CHROMA_URL:-}" ]; then
    echo "The run's Chroma server did not start:" >&2
    tail -20 "$run_dir/chroma.log" >&2 || true
    exit 1
  fi
fi

# One PostgreSQL for the whole run (an initdb and a server start cost about a CPU-s each): each test file creates
# databases of its own on it (core/testing/postgres.ts); none where PostgreSQL is not installed (those tests skip).
if [ -z "${CMS_TEST_PG_URL:-}" ]; then
  pg_line="$(node --import tsx scripts/test-postgres.ts)" || { echo "The run's PostgreSQL did not start" >&2; exit 1; }
  if [ -n "$pg_line" ]; then
    pg_dir="${pg_line#* }"
    export CMS_TEST_PG_URL="${pg_line%% *}"
  fi
fi

# One Chromium for the run's browser files (scripts/test-browser.ts; a Chromium start costs about a CPU-s): each
# file connects to it (CMS_TEST_BROWSER_WS, web/e2e/browser.ts) and works in browser contexts of its own.
if [ -z "${CMS_TEST_BROWSER_WS:-}" ] && printf '%s\n' "${files[@]}" | grep -q '^web/e2e/'; then
  setpriv --pdeathsig TERM node --import tsx scripts/test-browser.ts "$run_dir/browser-ws" >>"$run_dir/browser.log" 2>&1 &
  browser_pid=$!
  # Ready when it has written its endpoint; gives up when the process exits.
  while [ ! -s "$run_dir/browser-ws" ]; do
    if ! kill -0 "$browser_pid" 2>/dev/null; then
      echo "The run's Chromium did not start:" >&2
      tail -20 "$run_dir/browser.log" >&2 || true
      exit 1
    fi
    sleep 0.1
  done
  CMS_TEST_BROWSER_WS="$(cat "$run_dir/browser-ws")"
  export CMS_TEST_BROWSER_WS
fi

status=0
# Temporary files of the tests (and of the products and tools they start) go into the run's folder, removed when the
# run ends: a test that leaves a folder behind does not fill the machine's /tmp run after run.
export TMPDIR="$run_dir/tmp"
mkdir -p "$TMPDIR"
# The test files run from a JavaScript build of them (scripts/build-tests.mjs: no tsx hooks in each test process);
# CMS_TEST_FROM_SOURCE=1 runs the TypeScript through tsx instead.
if [ -n "${CMS_TEST_FROM_SOURCE:-}" ]; then
  node --import tsx --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-timeout=600000 ${opts[@]+"${opts[@]}"} "${files[@]}" || status=$?
  exit $status
fi
# A folder per run (inside the repo: packages resolve from node_modules): two runs side by side do not clobber each other.
built_dir="node_modules/.cache/cms-tests-$$"
node scripts/build-tests.mjs "$built_dir" "${files[@]}"
built=()
for f in "${files[@]}"; do built+=("$built_dir/${f%.ts}.mjs"); done
node --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-timeout=600000 ${opts[@]+"${opts[@]}"} "${built[@]}" || status=$?
exit $status
