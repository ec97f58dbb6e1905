# Sourced by scripts/backup.sh, restore.sh and restore_check.sh (docs/backups.md).

# pg_connect URL sets PG_URL to the app's DATABASE_URL as libpq reads it: with a scheme libpq
# knows (django-environ also accepts psql://, pgsql:// and postgis://), without the query
# options only Django reads (conn_max_age=... in either case), which libpq would refuse
# (its own, sslmode=..., stay), and without the password, which it exports as PGPASSWORD:
# an address on a command line is visible to every local user (ps), the environment is not.
pg_connect() {
  local url=$1 query="" kept="" option option_name login
  case "$url" in
    postgres://* | postgresql://* | psql://* | pgsql://* | postgis://*) url=${url#*://} ;;
    *)
      echo "not a PostgreSQL address: '${url%%://*}://...' (expected postgres://user@host:5432/name)" >&2
      return 2
      ;;
  esac
  if [ "${url%%\?*}" != "$url" ]; then
    query=${url#*\?}
    url=${url%%\?*}
  fi
  local IFS='&'
  for option in $query; do
    option_name=${option%%=*}
    case "${option_name,,}" in
      conn_max_age | conn_health_checks | atomic_requests | autocommit | disable_server_side_cursors) ;;
      *) kept="${kept:+$kept&}$option" ;;
    esac
  done
  login=${url%%/*}
  if [[ $login == *@* ]]; then
    login=${login%@*}
    if [[ $login == *:* ]]; then # user:password@host: the password percent-decoded
      local password=${login#*:}
      password=${password//\\/\\\\}
      printf -v PGPASSWORD '%b' "${password//%/\\x}"
      export PGPASSWORD
      url="${login%%:*}@${url#"$login@"}"
    fi
  fi
  PG_URL="postgresql://$url${kept:+?$kept}"
}

# db_name URL prints the database name at the end of URL's path.
db_name() {
  local base=${1%%\?*}
  printf '%s\n' "${base##*/}"
}

# with_db URL NAME prints URL with its database replaced by NAME (same server, user and
# options); `with_db URL postgres` is the server's maintenance database.
with_db() {
  local base=${1%%\?*} query=""
  [ "$base" = "$1" ] || query="?${1#*\?}"
  printf '%s\n' "${base%/*}/$2$query"
}

# pg_server_major URL prints the major version of the PostgreSQL server at URL (15).
pg_server_major() {
  local number
  command -v psql >/dev/null || {
    echo "psql is not installed (Debian: apt-get install postgresql-client)" >&2
    return 1
  }
  number=$(psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$1" \
    --command='SHOW server_version_num') || {
    echo "cannot ask the database server its version (psql's message above)" >&2
    return 1
  }
  printf '%s\n' "$((number / 10000))"
}

# pg_tool NAME MAJOR prints the path of the PostgreSQL program NAME (pg_dump, pg_restore,
# createdb, dropdb, psql) of major version MAJOR, the server's: a pg_dump older than the
# server refuses to dump it, and a pg_restore older than the pg_dump that wrote a dump
# cannot read it. Looks in PG_BINDIR (when set), then in Debian's
# /usr/lib/postgresql/MAJOR/bin (PG_VERSIONS_DIR replaces /usr/lib/postgresql), then on the
# PATH; says which versions it found when none matches.
pg_tool() {
  local tool=$1 major=$2 candidate version found=""
  for candidate in ${PG_BINDIR:+"$PG_BINDIR/$tool"} \
    "${PG_VERSIONS_DIR:-/usr/lib/postgresql}/$major/bin/$tool" "$(command -v "$tool")"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    version=$("$candidate" --version | sed -n 's/^[^0-9]*\([0-9][0-9]*\).*/\1/p')
    if [ "$version" = "$major" ]; then
      printf '%s\n' "$candidate"
      return 0
    fi
    found="$found, $candidate is version ${version:-unknown}"
  done
  echo "the database server runs PostgreSQL $major, and no $tool of version $major is" \
    "installed${found:+ (${found#, })}: install PostgreSQL $major's client programs" \
    "(Debian: apt-get install postgresql-client-$major) or set PG_BINDIR to their directory" >&2
  return 1
}
