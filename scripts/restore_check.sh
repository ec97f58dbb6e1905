#!/usr/bin/env bash
# Check a restored database (docs/backups.md): every migration applied, the results' tally
# in step, every season's standings computed and, given the database the dump was taken
# from, the same seasons, standings and published snapshots as there.
#
#   scripts/restore_check.sh RESTORED_DATABASE_URL [SOURCE_DATABASE_URL]
#
# Runs the app's own commands (manage.py migrate --check, check_tally, standings SEASON
# --json) with PYTHON (default: the repository's .venv/bin/python), the other settings from
# the environment or .env as usual, and reads the snapshots with psql. Compare with a source
# that has not changed since the dump was taken, or the differences are its changes. Prints
# one line per check and the differences found; exits 0 when every check passes, 1 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/pg_lib.sh"
python=${PYTHON:-$root/.venv/bin/python}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 RESTORED_DATABASE_URL [SOURCE_DATABASE_URL]" >&2
  exit 2
fi
restored=$1
source_db=${2:-}
(pg_connect "$restored")
[ -z "$source_db" ] || (pg_connect "$source_db")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

fail() {
  echo "FAILED: $*"
  failed=1
}
manage() { # manage DATABASE_URL COMMAND ARGS...: the app's command on that database
  local url=$1
  shift
  (cd "$root" && DATABASE_URL=$url "$python" manage.py "$@")
}
rows() { # rows DATABASE_URL SQL: the rows, one a line, fields split by '|'
  (
    pg_connect "$1"
    psql --no-psqlrc --quiet --tuples-only --no-align --set=ON_ERROR_STOP=1 \
      --dbname="$PG_URL" --command="$2"
  )
}

# Every published snapshot (the seasons' and the rating list's), each version, by its
# content: the summary and the sections, hashed in the database.
SNAPSHOTS="
SELECT s.slug, n.version, n.schema, n.created_at, n.fingerprint, md5(n.summary::text),
       (SELECT md5(coalesce(string_agg(x.key || ':' || md5(x.data::text), ',' ORDER BY x.key), ''))
          FROM publishing_snapshotsection x WHERE x.snapshot_id = n.id)
  FROM publishing_seasonsnapshot n JOIN league_season s ON s.id = n.season_id
UNION ALL
SELECT '(rating list)', r.version, r.schema, r.created_at, '', md5(r.summary::text),
       (SELECT md5(coalesce(string_agg(x.key || ':' || md5(x.data::text), ',' ORDER BY x.key), ''))
          FROM publishing_ratingsection x WHERE x.snapshot_id = r.id)
  FROM publishing_ratingsnapshot r
ORDER BY 1, 2"

status_of() { # status_of FILE COMMAND...: COMMAND's output in FILE, its exit status in FILE.rc
  local out=$1
  shift
  if "$@" >"$out" 2>&1 </dev/null; then echo 0; else echo $?; fi >"$out.rc"
}
capture() { # capture DATABASE_URL DIR: its seasons, their standings and its snapshots, in DIR
  local url=$1 dir=$2 slug
  mkdir -p "$dir" "$dir.rc"
  rows "$url" "SELECT slug FROM league_season ORDER BY slug" >"$dir/seasons"
  while read -r slug; do
    status_of "$dir/standings-$slug.json" manage "$url" standings "$slug" --json
    mv "$dir/standings-$slug.json.rc" "$dir.rc/"
  done <"$dir/seasons"
  rows "$url" "$SNAPSHOTS" >"$dir/snapshots"
}
refused() { # refused DIR: say which seasons' standings could not be computed there
  local rc slug
  for rc in "$1.rc"/*; do
    [ -e "$rc" ] && [ "$(cat "$rc")" != 0 ] || continue
    slug=$(basename "$rc" .json.rc)
    slug=${slug#standings-}
    fail "standings of $slug: manage.py standings refused on the $(basename "$1") database:"
    cat "$1/standings-$slug.json"
  done
}

# Two at a time, each database's Django process beside the other's.
status_of "$work/migrate" manage "$restored" migrate --check &
status_of "$work/tally" manage "$restored" check_tally &
wait
if [ "$(cat "$work/migrate.rc")" = 0 ]; then
  echo "migrations: every one applied"
else
  fail "migrations: manage.py migrate --check says some are not applied (or could not run):"
  cat "$work/migrate"
fi
if [ "$(cat "$work/tally.rc")" = 0 ]; then
  echo "tally: in step with the results ($(cat "$work/tally"))"
else
  fail "tally: manage.py check_tally finds it differs from the results:"
  cat "$work/tally"
fi

capture "$restored" "$work/restored" &
[ -z "$source_db" ] || capture "$source_db" "$work/source" &
wait
refused "$work/restored"
seasons=$(grep -c . "$work/restored/seasons" || true)
snapshots=$(grep -c . "$work/restored/snapshots" || true)
if [ -z "$source_db" ]; then
  echo "standings: $seasons seasons computed; snapshots: $snapshots published"
else
  refused "$work/source"
  # One diff for the season lists, each season's standings and the snapshots (season |
  # version | schema | published at | fingerprint | summary md5 | sections md5).
  if (cd "$work" && diff -ru source restored >diff); then
    echo "standings and snapshots: $seasons seasons and $snapshots snapshots, each the same as the source's"
  else
    fail "the restored database differs from the source:"
    head -n 80 "$work/diff" # enough to see what differs
  fi
fi

if [ "$failed" -eq 0 ]; then
  echo "the restored database passes every check"
else
  echo "the restored database FAILS the checks above"
fi
exit "$failed"
