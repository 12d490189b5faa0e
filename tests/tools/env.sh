# Sourced by the other scripts: the project's root and the PATH that finds
# the tools set-up installs (cargo's bin, then the npm-installed wasm-opt
# before /usr/bin, whose Debian wasm-opt 108 breaks the build).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PATH="$ROOT/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
