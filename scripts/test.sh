#!/usr/bin/env bash
# The full suite: lint, types, then pytest on SQLite and again on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
PG_URL=${PG_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/whist}

bash scripts/ensure_services.sh
bash scripts/ensure_chromium.sh
bash scripts/ensure_axe.sh
bash scripts/ensure_vnu.sh
bash scripts/ensure_nginx.sh

echo "== ruff"
$BIN/ruff check .
$BIN/ruff format --check .
echo "== mypy (every app package, django-stubs and DRF stubs)"
$BIN/mypy
echo "== import-linter (the layers of ARCHITECTURE.md)"
$BIN/lint-imports
echo "== eslint (static/ and tests/js/), and the phone sheet's rules on Node's test runner"
node_modules/.bin/eslint static tests/js
node --test tests/js/

run_pytest() {
  # pytest exits 5 when it collected no test: that must fail, not pass silently.
  local rc=0
  "$BIN/pytest" "$@" || rc=$?
  if [ "$rc" -eq 5 ]; then echo "pytest collected no tests" >&2; return 1; fi
  return "$rc"
}

echo "== pytest on SQLite"
(unset DATABASE_URL CELERY_BROKER_URL REDIS_URL; run_pytest -q -p no:cacheprovider "$@")
echo "== pytest on PostgreSQL"
(unset CELERY_BROKER_URL REDIS_URL; export DATABASE_URL="$PG_URL"; run_pytest -q -p no:cacheprovider "$@")
