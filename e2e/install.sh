#!/usr/bin/env bash
# Installs what the browser test needs: Debian's chromium (browser downloads from npm
# packages are impossible here, so playwright-core drives the system browser), CJK fonts for
# the Xiangqi pieces, node if missing, and the locked npm dependencies. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")"

packages=()
command -v chromium >/dev/null 2>&1 || packages+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] || packages+=(fonts-noto-cjk)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)
if [ ${#packages[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  # Another installer may hold dpkg's lock for a while: wait for it rather than fail.
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${packages[@]}" >/dev/null
fi

if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "e2e: $(chromium --version 2>/dev/null | head -1), node $(node --version), playwright-core $(node -p "require('./node_modules/playwright-core/package.json').version")"
