#!/usr/bin/env bash
# Installs the W3C's Nu Html Checker (vnu-jar, package.json, from the npm registry) and the Java
# it runs on, for the evening's validity browser test (tests/browser/test_evening_validity.py).
set -u
cd "$(dirname "$0")/.."
if ! command -v java >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing Java for the W3C checker (vnu-jar)"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless) \
      >/dev/null || { echo "could not install default-jre-headless" >&2; exit 1; }
  else
    echo "java is missing: install Debian's 'default-jre-headless' (the W3C checker vnu-jar needs it)" >&2
    exit 1
  fi
fi
if [ -f node_modules/vnu-jar/build/dist/vnu.jar ]; then exit 0; fi
if ! command -v npm >/dev/null; then
  echo "npm is missing: install Node.js (the validity test needs vnu-jar from npm)" >&2
  exit 1
fi
# --ignore-scripts: vnu-jar's own install script would download a second Java; the machine's is used.
npm ci --ignore-scripts --no-audit --no-fund --silent \
  || { echo "could not install vnu-jar with npm" >&2; exit 1; }
