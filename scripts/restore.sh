#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into a NEW database, never over a live one:
#   scripts/restore.sh <file> <target DATABASE_URL>
# The target database is created when it does not exist (through the server's `postgres`
# database, so the URL's role needs CREATEDB) and refused when it already holds tables. The
# restore is one transaction: it lands whole or not at all. Afterwards run the migrations on it
# (`DATABASE_URL=<target> node dist/migrate.mjs`: nothing to do when the backup came from the
# same release) and point the processes' DATABASE_URL at it. See docs/deploy.md (restore).
set -euo pipefail
source "$(dirname "$0")/pg-tools.sh"
file="${1:?usage: scripts/restore.sh <backup file> <target database URL>}"
target="${2:?usage: scripts/restore.sh <backup file> <target database URL>}"
"$(pg_tool pg_restore)" --list "$file" >/dev/null
psql="$(pg_tool psql)"

# The same server and role, database `postgres`, to create the target.
maintenance="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/postgres"; console.log(u.href)' "$target")"
name="$(node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$target")"
[ -n "$name" ] || { echo "the target URL names no database" >&2; exit 2; }
exists="$("$psql" "$maintenance" -XAtq -v ON_ERROR_STOP=1 -v name="$name" <<'SQL'
select count(*) from pg_database where datname = :'name';
SQL
)"
if [ "$exists" = "0" ]; then
  "$psql" "$maintenance" -Xq -v ON_ERROR_STOP=1 -v name="$name" <<'SQL'
create database :"name";
SQL
  echo "created database $name"
else
  tables="$("$psql" "$target" -XAtq -v ON_ERROR_STOP=1 -c "select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'")"
  if [ "$tables" != "0" ]; then
    echo "database $name already holds $tables tables: restore into a new database" >&2
    exit 1
  fi
fi
"$(pg_tool pg_restore)" --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$target" "$file"
echo "restored $file into $name; next: DATABASE_URL=<target> node dist/migrate.mjs"
