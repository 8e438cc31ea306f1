#!/usr/bin/env bash
# Installs what capi/tests/ffi_languages/ needs to run the Go and Node examples instead of skipping
# them: Go from Debian's golang-go (the example uses only the standard library and cgo, so no Go
# module is ever downloaded) and, for Node, the locked koffi package in examples/node.
# Does nothing for what is already there, so CI can run it every time.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  local sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  if ! command -v apt-get >/dev/null; then
    echo "ffi-toolchains: no apt-get; install $* by hand" >&2
    return 1
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
}

# cgo compiles the binding's C side with the system C compiler.
command -v go >/dev/null || apt_install golang-go gcc libc6-dev
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm

# npm ci installs exactly package-lock.json; koffi's package carries prebuilt binaries, so
# nothing is compiled or fetched besides the package itself.
if [ ! -f examples/node/node_modules/koffi/package.json ]; then
  (cd examples/node && npm ci --no-audit --no-fund)
fi

echo "ffi-toolchains: $(go version); node $(node --version); koffi $(node -p 'require("./examples/node/node_modules/koffi/package.json").version')"
