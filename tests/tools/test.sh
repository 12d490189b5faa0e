#!/usr/bin/env bash
# Set up, then run every test: formatting, lints, the native rules tests, the
# release build, the browser tests in headless Chromium, and the
# cross-engine set (tests/browser/engines/cross-engine.txt) on WebKit
# (WebKitGTK) and Gecko (Firefox ESR), side by side. Each stage
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
# together NAME...: runs the named functions side by side, each one's
# output kept aside and printed whole (with its time) once all have ended;
# fails if any failed.
together() {
  local logs pids=() failed=0 name t0=$SECONDS
  logs=$(mktemp -d)
  for name in "$@"; do
    ( s=$SECONDS; "$name" && rc=0 || rc=$?; echo "($name: $((SECONDS - s)) s, exit $rc)"; exit $rc ) >"$logs/$name" 2>&1 &
    pids+=($!)
  done
  for name in "$@"; do
    if ! wait "${pids[0]}"; then failed=1; fi
    pids=("${pids[@]:1}")
    echo "==== $name"
    cat "$logs/$name"
  done
  rm -rf "$logs"
  return $failed
}

# The lints and native tests build for this machine (target/debug), the
# release for wasm32 (target/wasm32-unknown-unknown): two build folders,
# so the two run side by side (the release's link-time optimisation runs
# on one core).
lints_and_native_tests() {
  cargo clippy --workspace --all-targets --locked -- -D warnings && cargo test --workspace --locked
}
release_build() { bash tests/tools/build.sh; }
stage "clippy and native tests, beside the release build" together lints_and_native_tests release_build

stage "browser tests (headless Chromium)" node --test --test-concurrency=1 tests/browser/

# The cross-engine set on WebKit and on Gecko side by side: one engine's
# test waits on its browser while the other's runs (one set alone keeps
# the 2 cores about 70% busy).
mapfile -t cross < <(grep -v '^\s*\(#\|$\)' tests/browser/engines/cross-engine.txt | sed 's#^#tests/browser/#')
webkit_set() { env ENGINE=webkit node --test --test-concurrency=1 "${cross[@]}"; }
gecko_set() { env ENGINE=firefox node --test --test-concurrency=1 "${cross[@]}"; }
stage "cross-engine set on WebKit and on Gecko, side by side" together webkit_set gecko_set

echo "== durations"
printf '%s\n' "${durations[@]}"
printf '%-42s %5d s\n' "total" $((SECONDS - started))
