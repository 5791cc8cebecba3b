# Sourced by scripts/backup.sh and scripts/restore.sh: finds PostgreSQL's client programs. PG_BIN
# wins; then PATH; then the newest /usr/lib/postgresql/<version>/bin (Debian keeps them there).
# pg_dump must be at least the server's major version.
pg_tool() {
  local name="$1" dir
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN/$name"; return; fi
  if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return; fi
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  if [ -n "$dir" ] && [ -x "$dir/$name" ]; then echo "$dir/$name"; return; fi
  echo "$name not found: install PostgreSQL's client programs or set PG_BIN" >&2
  return 1
}
