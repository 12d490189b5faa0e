#!/usr/bin/env bash
# Set up, then run every test: formatting, lints, the native rules tests, the
# release build, then the browser tests: the whole suite in headless
# Chromium, and the cross-engine set (tests/browser/engines/cross-engine.txt)
# on WebKit and on Gecko. Each stage prints its
# duration as it ends, and all of them with the total at the end.
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
# Clippy's lints run inside the native tests' own compile (clippy-driver as
# the workspace's compiler, as `cargo clippy` runs it, warnings as errors):
# the same lints over the same targets (there are no examples or benches),
# without checking every dependency a second time (4-5 minutes on a fresh
# machine). `cargo clippy --workspace --all-targets -- -D warnings` says the
# same.
lints_and_native_tests() {
  RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver) \
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
    cargo test --workspace --locked
}
stage "clippy and the native tests (rules, model, storage, club)" lints_and_native_tests
stage "release build" bash tests/tools/build.sh

# The browser tests: Chromium's whole suite and the cross-engine set on
# WebKit and on Gecko, as one queue of (engine, file) jobs, the longest
# first (tests/tools/browser-lanes.mjs), two side by side, the club's files
# alone (BROWSER_LANES=1: one at a time, about 50 min instead of 22).
stage "browser tests: Chromium's suite, WebKit's and Gecko's sets" node tests/tools/browser-lanes.mjs

echo "== durations"
printf '%s\n' "${durations[@]}"
printf '%-42s %5d s\n' "total" $((SECONDS - started))
