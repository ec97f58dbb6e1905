#!/usr/bin/env bash
# Installs axe-core (package.json, from the npm registry) for the accessibility browser tests.
set -u
cd "$(dirname "$0")/.."
if [ -f node_modules/axe-core/axe.min.js ]; then exit 0; fi
if ! command -v npm >/dev/null; then
  echo "npm is missing: install Node.js (the accessibility tests need axe-core from npm)" >&2
  exit 1
fi
npm ci --ignore-scripts --no-audit --no-fund --silent || { echo "could not install axe-core with npm" >&2; exit 1; }
