#!/usr/bin/env bash
# Installs the W3C's Nu Html Checker (vnu-jar, package.json, from the npm registry) and the Java
# it runs on, for the evening's validity browser test (tests/browser/test_evening_validity.py).
set -u
cd "$(dirname "$0")/.."
if ! command -v java >/dev/null; then
  . scripts/debian_package.sh
  debian_package default-jre-headless "the W3C checker vnu-jar (java)" || exit 1
fi
if [ -f node_modules/vnu-jar/build/dist/vnu.jar ]; then exit 0; fi
if ! command -v npm >/dev/null; then
  echo "npm is missing: install Node.js (the validity test needs vnu-jar from npm)" >&2
  exit 1
fi
# --ignore-scripts: vnu-jar's own install script would download a second Java; the machine's is used.
npm ci --ignore-scripts --no-audit --no-fund --silent \
  || { echo "could not install vnu-jar with npm" >&2; exit 1; }
