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

# The pinned toolchain (rust-toolchain.toml) with clippy, rustfmt and the
# wasm32 target: every rustup call names it, so nothing lands on another one.
TOOLCHAIN=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)
[ -n "$TOOLCHAIN" ] || { echo "rust-toolchain.toml names no channel" >&2; exit 1; }
if ! rustup toolchain list | grep -q "^$TOOLCHAIN-"; then
  say "installing the Rust toolchain $TOOLCHAIN"
  rustup toolchain install "$TOOLCHAIN" --profile minimal
fi
for c in clippy rustfmt; do
  if ! rustup component list --toolchain "$TOOLCHAIN" --installed | grep -q "^$c-"; then
    say "adding $c to $TOOLCHAIN"
    rustup component add --toolchain "$TOOLCHAIN" "$c"
  fi
done
if ! rustup target list --toolchain "$TOOLCHAIN" --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target to $TOOLCHAIN"
  rustup target add --toolchain "$TOOLCHAIN" wasm32-unknown-unknown
fi
if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (a few minutes, once)"
  cargo install "trunk@$TRUNK_VERSION" --locked
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q "$WBG_VERSION"; then
  # Built from tests/tools/wasm-bindgen-cli (its Cargo.toml says why not
  # `cargo install wasm-bindgen-cli --locked`), whose version must match.
  WBG_PINNED=$(sed -n 's/^wasm-bindgen-cli = { version = "=\([^"]*\)".*/\1/p' tests/tools/wasm-bindgen-cli/Cargo.toml)
  if [ "$WBG_PINNED" != "$WBG_VERSION" ]; then
    echo "Cargo.lock has wasm-bindgen $WBG_VERSION but tests/tools/wasm-bindgen-cli builds $WBG_PINNED:" \
      "update its Cargo.toml and Cargo.lock" >&2
    exit 1
  fi
  say "installing wasm-bindgen-cli $WBG_VERSION (a few minutes, once)"
  # Built in a scratch folder, as `cargo install <crate>` does (not in
  # the repository), then removed.
  wbg_target=$(mktemp -d)
  cargo install --path tests/tools/wasm-bindgen-cli --locked --force --target-dir "$wbg_target"
  rm -rf "$wbg_target"
fi
# The build's split step (tests/tools/split.sh) cuts the WASM into the main
# module and the chunks loaded on demand.
if ! command -v wasm-split-cli >/dev/null \
   || ! cargo install --list | grep -q "^wasm_split_cli_support v$WSPLIT_VERSION:"; then
  say "installing wasm-split-cli $WSPLIT_VERSION (a minute, once)"
  cargo install wasm_split_cli_support --version "$WSPLIT_VERSION" --features build-binary --locked
fi
# wasm-opt (binaryen 132), terser and playwright-core come from npm, pinned by
# tests/browser/package-lock.json.
if [ ! -x tests/browser/node_modules/.bin/wasm-opt ] || [ ! -x tests/browser/node_modules/.bin/terser ] \
   || [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -d tests/browser/node_modules/puppeteer-core ] \
   || [ tests/browser/package-lock.json -nt tests/browser/node_modules/.package-lock.json ]; then
  say "installing npm packages (binaryen, terser, playwright-core, puppeteer-core, axe-core)"
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi
# The club's sync server (the reference automerge-repo sync server), pinned
# by sync-server/package-lock.json: tests/tools/sync-server.sh runs it.
if [ ! -d sync-server/node_modules/@automerge/automerge-repo-sync-server ] \
   || [ sync-server/package-lock.json -nt sync-server/node_modules/.package-lock.json ]; then
  say "installing the sync server (npm)"
  # `npm install` of the locked versions, not `npm ci`: the lock names
  # cbor-extract's optional prebuilt binaries, which the registry here does
  # not serve, and `npm ci` refuses a lock it cannot install whole (the
  # server runs without them: cbor-x falls back to JavaScript).
  (cd sync-server && npm install --no-audit --no-fund --loglevel=error)
fi
if [ "${1:-}" = "--browser" ]; then
  apt_install chromium chromium-driver webkit2gtk-driver libwebkit2gtk-4.1-dev xvfb firefox-esr
  # The WebKit phone: a window that is only the page, with a profile on
  # disk (tests/tools/webkit-phone/phone.c says why not the MiniBrowser).
  phone_src=tests/tools/webkit-phone/phone.c
  if [ ! -x .tools/webkit-phone ] || [ "$phone_src" -nt .tools/webkit-phone ]; then
    say "building the WebKit phone shell (.tools/webkit-phone)"
    mkdir -p .tools
    # shellcheck disable=SC2046 # pkg-config's flags are words
    gcc -O2 -Wall -Wextra -Werror -o .tools/webkit-phone "$phone_src" $(pkg-config --cflags --libs webkit2gtk-4.1)
  fi
fi
say "ready"
