#!/usr/bin/env bash
# Set up, then run every test: formatting, the native rules tests, the
# release build, and the browser tests in headless Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash tests/tools/setup.sh --browser
echo "== cargo fmt --check"
cargo fmt --check
echo "== native tests (rules, model, storage)"
cargo test --locked
echo "== release build"
bash tests/tools/build.sh
echo "== browser tests (headless Chromium)"
node --test --test-concurrency=1 tests/browser/
