#!/usr/bin/env bash
# Installs Debian's headless Chromium for the browser tests when it is missing.
set -u
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing chromium for the browser tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null \
    || { echo "could not install chromium" >&2; exit 1; }
else
  echo "chromium is missing: install Debian's 'chromium' package (browser tests need /usr/bin/chromium)" >&2
  exit 1
fi
