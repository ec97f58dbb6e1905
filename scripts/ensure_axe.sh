#!/usr/bin/env bash
# Installs the npm tools (package.json, from the npm registry): axe-core for the accessibility
# browser tests, eslint for the pages' scripts.
set -u
cd "$(dirname "$0")/.."
if [ -f node_modules/axe-core/axe.min.js ] && [ -x node_modules/.bin/eslint ]; then exit 0; fi
if ! command -v npm >/dev/null; then
  echo "npm is missing: install Node.js (the accessibility tests and eslint come from npm)" >&2
  exit 1
fi
npm ci --ignore-scripts --no-audit --no-fund --silent || { echo "could not install the npm tools (axe-core, eslint)" >&2; exit 1; }
