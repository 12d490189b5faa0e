#!/usr/bin/env bash
# Installs what is missing, skips what is there (idempotent, fast when all
# is installed). `setup.sh` for building and serving; `setup.sh --browser`
# adds Chromium and its driver for the browser tests and the benchmark.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

TRUNK_VERSION=0.21.14
WSPLIT_VERSION=0.2.3
# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly.
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
say() { printf '[setup] %s\n' "$*"; }

sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ $apt_updated = 0 ]; then sudo_if_needed apt-get update -qq; apt_updated=1; fi
  say "apt: installing ${missing[*]}"
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

command -v cargo >/dev/null || { echo "cargo is missing: this machine should have the Rust toolchain" >&2; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (a few minutes, once)"
  cargo install "trunk@$TRUNK_VERSION" --locked
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q "$WBG_VERSION"; then
  say "installing wasm-bindgen-cli $WBG_VERSION (a few minutes, once)"
  # Not --locked: one of its locked dependencies is gone from the registry.
  cargo install wasm-bindgen-cli --version "$WBG_VERSION"
fi
# The build's split step (tests/tools/split.sh) cuts the WASM into the main
# module and the chunks loaded on demand.
if ! command -v wasm-split-cli >/dev/null \
   || ! cargo install --list | grep -q "^wasm_split_cli_support v$WSPLIT_VERSION:"; then
  say "installing wasm-split-cli $WSPLIT_VERSION (a minute, once)"
  cargo install wasm_split_cli_support --version "$WSPLIT_VERSION" --features build-binary --locked
fi
# wasm-opt (binaryen 132) and playwright-core come from npm, pinned by
# tests/browser/package-lock.json.
if [ ! -x tests/browser/node_modules/.bin/wasm-opt ] || [ ! -d tests/browser/node_modules/playwright-core ] \
   || [ tests/browser/package-lock.json -nt tests/browser/node_modules/.package-lock.json ]; then
  say "installing npm packages (binaryen, playwright-core)"
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi
if [ "${1:-}" = "--browser" ]; then
  apt_install chromium chromium-driver
fi
say "ready"
