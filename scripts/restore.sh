#!/usr/bin/env bash
# Restore a dump of scripts/backup.sh into a NEW database (docs/backups.md).
#
#   scripts/restore.sh DUMP postgres://whist@127.0.0.1:5432/whist_restored
#   scripts/restore.sh --replace DUMP postgres://whist@127.0.0.1:5432/whist
#
# Creates the database named at the end of the address (on that server, as the address's
# user, who must be allowed to create databases) and restores DUMP into it in one
# transaction, every object owned by that user: it holds the whole dump or, when anything
# fails, nothing (the empty database is left for you to look at and drop). A database that
# exists is refused, unless --replace is given: then the dump is restored into NAME_restoring
# first and, only once that has succeeded, NAME is dropped and NAME_restoring renamed NAME
# (stop the web, the worker and beat first: a database in use cannot be dropped, and is
# then left as it was). pg_restore is the server's major version (scripts/pg_lib.sh).
set -euo pipefail
source "$(dirname "$0")/pg_lib.sh"

replace=0
if [ "${1:-}" = --replace ]; then
  replace=1
  shift
fi
if [ $# -ne 2 ]; then
  echo "usage: $0 [--replace] DUMP NEW_DATABASE_URL" >&2
  exit 2
fi
dump=$1
pg_connect "$2"
url=$PG_URL
name=$(db_name "$url")
server=$(with_db "$url" postgres)
if [ ! -r "$dump" ]; then
  echo "cannot read the dump '$dump'" >&2
  exit 2
fi
major=$(pg_server_major "$server")
pg_restore=$(pg_tool pg_restore "$major")
psql=$(pg_tool psql "$major")
createdb=$(pg_tool createdb "$major")
"$pg_restore" --list "$dump" >/dev/null || {
  echo "'$dump' is not a whole pg_dump custom-format file" >&2
  exit 1
}

on_server() { # on_server SQL...: each statement on its own, on the maintenance database
  local args=()
  for sql in "$@"; do args+=(--command="$sql"); done
  "$psql" --no-psqlrc --quiet --tuples-only --no-align --set=ON_ERROR_STOP=1 \
    --dbname="$server" "${args[@]}"
}
exists() { # exists NAME: whether the server has a database NAME
  [ -n "$(on_server "SELECT 1 FROM pg_database WHERE datname = '${1//\'/\'\'}'")" ]
}

target=$name
if [ "$replace" -eq 0 ] && exists "$name"; then
  echo "the database $name exists: restore.sh restores into a new database only" \
    "(name another, or give --replace to restore over $name)" >&2
  exit 1
elif [ "$replace" -eq 1 ]; then
  target=${name}_restoring
  if exists "$target"; then
    echo "the database $target exists (a restore that did not finish?): drop it first" >&2
    exit 1
  fi
fi
"$createdb" --maintenance-db="$server" "$target"
if ! "$pg_restore" --no-owner --no-acl --exit-on-error --single-transaction \
  --dbname="$(with_db "$url" "$target")" "$dump"; then
  echo "the restore failed (pg_restore's message above); the database $target is left" \
    "empty for you to look at and drop" >&2
  exit 1
fi
if [ "$replace" -eq 1 ]; then
  if ! on_server "DROP DATABASE IF EXISTS \"$name\"" \
    "ALTER DATABASE \"$target\" RENAME TO \"$name\""; then
    echo "could not replace $name (still in use? stop the web, the worker and beat):" \
      "$name is as it was, the restored copy is the database $target" >&2
    exit 1
  fi
fi
echo "restored $dump into the database $name$([ "$replace" -eq 0 ] || echo ", replacing the one before")"
