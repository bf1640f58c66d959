#!/usr/bin/env bash
# Installs what building and testing hpastar needs, and nothing more; silent when all is there.
#   - Debian packages: cmake, make, g++, emscripten (emcc), libgtest-dev (Google Test headers),
#     chromium (the demo's end-to-end tests), clang with its runtime libraries (libFuzzer and the
#     sanitizers of the fuzz targets: libclang-rt-dev is the one that matches Debian's default clang).
#     Installed with apt-get when running as root; otherwise the missing ones are listed and we exit 1.
#   - npm packages: `npm ci` when node_modules is missing or older than package-lock.json.
# Safe to run any number of times (npm start and npm test run it first).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v emcc >/dev/null 2>&1 || missing+=(emscripten)
[[ -f /usr/include/gtest/gtest.h ]] || missing+=(libgtest-dev)
# npm run test:fuzz builds with clang and links its libFuzzer runtime (libclang_rt.fuzzer).
command -v clang++ >/dev/null 2>&1 || missing+=(clang)
if ! command -v clang++ >/dev/null 2>&1 ||
  [[ ! -f $(clang++ -print-resource-dir)/lib/linux/libclang_rt.fuzzer-x86_64.a ]]; then
  missing+=(libclang-rt-dev)
fi
# The demo's end-to-end tests drive Debian's Chromium (/usr/bin/chromium) with playwright-core.
[[ -x /usr/bin/chromium ]] || missing+=(chromium)

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "${missing[@]}"
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: install them as root, then run this again:" >&2
    echo "    apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# Vite 8 needs Node.js 20.19 or newer (Debian 12's own nodejs is 18: take Node from nodesource or nvm).
node_version=$(node -p 'process.versions.node' 2>/dev/null || echo none)
if [[ $node_version == none ]] ||
  ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'; then
  echo "setup: Node.js >= 20.19 with npm is required (found: $node_version)" >&2
  exit 1
fi

# A node_modules that is a link (a git worktree sharing another checkout's install) is left alone: npm ci
# would empty the linked folder, under every checkout that shares it.
if [[ -L node_modules ]]; then
  :
elif [[ ! -d node_modules || ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
fi
