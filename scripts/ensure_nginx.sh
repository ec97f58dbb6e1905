#!/usr/bin/env bash
# Installs Debian's nginx for the proxy tests (tests/integration/test_proxy.py) when missing;
# the tests run the binary from their own folder on deploy/nginx/whist.conf.
set -u
cd "$(dirname "$0")/.."
if [ -x /usr/sbin/nginx ]; then exit 0; fi
. scripts/debian_package.sh
debian_package nginx "the proxy tests (/usr/sbin/nginx)" || exit 1
