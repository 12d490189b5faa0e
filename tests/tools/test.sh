#!/usr/bin/env bash
# Set up, then run every test: formatting, lints, the native rules tests, the
# release build, the browser tests in headless Chromium, and the
# cross-engine set (tests/browser/engines/cross-engine.txt) on WebKit and
# Gecko. Each stage
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
mapfile -t cross < <(grep -v '^\s*\(#\|$\)' tests/browser/engines/cross-engine.txt | sed 's#^#tests/browser/#')
stage "cross-engine set on WebKit (WebKitGTK)" env ENGINE=webkit node --test --test-concurrency=1 "${cross[@]}"
stage "cross-engine set on Gecko (Firefox ESR)" env ENGINE=firefox node --test --test-concurrency=1 "${cross[@]}"

echo "== durations"
printf '%s\n' "${durations[@]}"
printf '%-42s %5d s\n' "total" $((SECONDS - started))
