#!/usr/bin/env bash
# Set up, build the release, and run the durability test many times: the
# browser process is SIGKILLed right after the screen confirms each save,
# then restarted and every confirmed hand counted (default 200 kills; the
# CI suite runs 20). Usage: kill-test.sh [kills]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash tests/tools/setup.sh --browser
bash tests/tools/build.sh
KILLS="${1:-200}" CRASHES=0 node --test --test-concurrency=1 \
  --test-name-pattern='SIGKILL' tests/browser/durability.test.mjs
