#!/usr/bin/env bash
# Set up, then run every test: formatting, lints, the native rules tests, the
# release build, and the browser tests in headless Chromium. Each stage
# prints its duration as it ends, and all of them with the total at the end.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

started=$SECONDS
durations=()
# stage NAME COMMAND...: runs the command under a heading, then its time.
stage() {
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  if ! "$@"; then
    echo "-- $name: FAILED after $((SECONDS - t0)) s"
    exit 1
  fi
  durations+=("$(printf '%-42s %5d s' "$name" $((SECONDS - t0)))")
  echo "-- $name: $((SECONDS - t0)) s"
}

stage "set-up" bash tests/tools/setup.sh --browser
stage "cargo fmt --check" cargo fmt --check
stage "clippy (all targets, warnings are errors)" cargo clippy --workspace --all-targets --locked -- -D warnings
stage "native tests (rules, model, storage, club)" cargo test --workspace --locked
stage "release build" bash tests/tools/build.sh
stage "browser tests (headless Chromium)" node --test --test-concurrency=1 tests/browser/

echo "== durations"
printf '%s\n' "${durations[@]}"
printf '%-42s %5d s\n' "total" $((SECONDS - started))
