#!/usr/bin/env bash
# A backup of the database in DATABASE_URL: `pg_dump --format=custom` (compressed; restored with
# scripts/restore.sh, any subset of tables with pg_restore). Consistent without stopping anything:
# pg_dump reads one snapshot while the app keeps writing.
#   DATABASE_URL=postgres://... scripts/backup.sh [file or folder]   (default: backups/starloop-<UTC time>.dump)
# Written to a temporary name, checked readable (pg_restore --list), then renamed: a file with the
# final name is a whole backup. See docs/deploy.md (backups).
set -euo pipefail
source "$(dirname "$0")/pg-tools.sh"
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
out="${1:-backups}"
# A folder (existing, or the default): a new file named by the time in it.
if [ -d "$out" ] || [ -z "${1:-}" ]; then out="${out%/}/starloop-$(date -u +%Y%m%dT%H%M%SZ).dump"; fi
mkdir -p "$(dirname "$out")"
partial="$out.partial"
trap 'rm -f "$partial"' EXIT
# No owners or grants: the backup restores under whatever role the new host uses.
"$(pg_tool pg_dump)" --format=custom --no-owner --no-privileges --file="$partial" --dbname="$DATABASE_URL"
"$(pg_tool pg_restore)" --list "$partial" >/dev/null
mv "$partial" "$out"
echo "backup written: $out ($(du -h "$out" | cut -f1))"
