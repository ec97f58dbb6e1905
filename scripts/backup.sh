#!/usr/bin/env bash
# One backup of the app's database (docs/backups.md): a pg_dump custom-format file, checked
# readable, and only the newest BACKUP_KEEP dumps kept.
#
#   DATABASE_URL=postgres://whist@127.0.0.1:5432/whist scripts/backup.sh [DIR]
#
# Writes DIR/NAME-YYYYMMDDTHHMMSSZ.dump (NAME: the database's name; DIR: the argument, else
# BACKUP_DIR, else /var/backups/whist) under a temporary name until it is complete and
# pg_restore can read it, then removes all but the newest BACKUP_KEEP (default 14) of
# DIR's NAME-*.dump files. pg_dump and pg_restore are the server's major version
# (scripts/pg_lib.sh). Prints the new file's path; exits non-zero, removing nothing, when
# anything fails.
set -euo pipefail
umask 077 # the dump holds e-mail addresses and password hashes
source "$(dirname "$0")/pg_lib.sh"

: "${DATABASE_URL:?set DATABASE_URL to the database to back up (postgres://user@host:5432/name)}"
dir=${1:-${BACKUP_DIR:-/var/backups/whist}}
keep=${BACKUP_KEEP:-14}
case "$keep" in
  '' | *[!0-9]* | 0)
    echo "BACKUP_KEEP must be a whole number of dumps to keep, 1 or more (not '$keep')" >&2
    exit 2
    ;;
esac
pg_connect "$DATABASE_URL"
url=$PG_URL
name=$(db_name "$url")
major=$(pg_server_major "$url")
pg_dump=$(pg_tool pg_dump "$major")
pg_restore=$(pg_tool pg_restore "$major")

mkdir -p "$dir"
dump="$dir/$name-$(date -u +%Y%m%dT%H%M%SZ).dump"
partial="$dump.partial"
trap 'rm -f "$partial"' EXIT
# One consistent snapshot of the whole database, compressed.
"$pg_dump" --format=custom --file="$partial" --dbname="$url"
"$pg_restore" --list "$partial" >/dev/null # the file is whole and readable
mv "$partial" "$dump"
# The names sort by time; the newest BACKUP_KEEP stay.
find "$dir" -maxdepth 1 -type f -name "$name-????????T??????Z.dump" -printf '%f\n' |
  sort -r | tail -n "+$((keep + 1))" | while read -r old; do rm -f -- "$dir/$old"; done
echo "$dump"
