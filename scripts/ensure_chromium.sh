#!/usr/bin/env bash
# Installs Debian's headless Chromium for the browser tests when it is missing.
set -u
cd "$(dirname "$0")/.."
if [ -x /usr/bin/chromium ]; then exit 0; fi
. scripts/debian_package.sh
debian_package chromium "the browser tests (/usr/bin/chromium)" || exit 1
