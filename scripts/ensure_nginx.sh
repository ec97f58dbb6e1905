#!/usr/bin/env bash
# Installs Debian's nginx for the proxy tests (tests/integration/test_proxy.py) when missing;
# the tests run the binary from their own folder on deploy/nginx/whist.conf.
set -u
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing nginx for the proxy tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx) >/dev/null \
    || { echo "could not install nginx" >&2; exit 1; }
else
  echo "nginx is missing: install Debian's 'nginx' package (the proxy tests need /usr/sbin/nginx)" >&2
  exit 1
fi
