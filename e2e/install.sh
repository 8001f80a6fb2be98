#!/usr/bin/env bash
# Installs what the browser test needs: Debian's chromium (browser downloads from npm
# packages are impossible here, so playwright-core drives the system browser) and the
# locked npm dependencies. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v chromium >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "e2e: chromium $(chromium --version 2>/dev/null | awk '{print $2}'), playwright-core $(node -p "require('./node_modules/playwright-core/package.json').version")"
