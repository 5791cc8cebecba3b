#!/usr/bin/env bash
# Starts the production build for the e2e suite on a fresh database with the demo data. The
# dispatcher runs inline every second; Twilio webhooks are signed with a test token (no SMS
# leaves: without TWILIO_ACCOUNT_SID the outbox takes them); the dev mailbox is on.
set -euo pipefail
port="${1:-3200}"
export NEXT_TELEMETRY_DISABLED=1 SEED_DEMO=1 DEV_MAILBOX=1 DISPATCHER="${DISPATCHER:-inline}"
export DISPATCH_INTERVAL_MS="${DISPATCH_INTERVAL_MS:-1000}" APP_URL="http://127.0.0.1:${port}"
export TWILIO_AUTH_TOKEN="${TWILIO_AUTH_TOKEN:-e2e-twilio-auth-token}"
# The inbound e-mail webhook is on, behind this secret (tests post mail as providers do).
export INBOUND_EMAIL_SECRET="${INBOUND_EMAIL_SECRET:-e2e-inbound-secret}"
# Every test starts from the one demo session saved by the global setup, so its refresh token is
# presented again after another test rotated it: in e2e that is replay by design, not theft.
export REFRESH_REUSE_GRACE_SECONDS="${REFRESH_REUSE_GRACE_SECONDS:-86400}"
if [ -z "${DATABASE_URL:-}" ]; then
  export PGLITE_DIR=".data/e2e-${port}"
  rm -rf "$PGLITE_DIR"
fi
exec node node_modules/next/dist/bin/next start -H 127.0.0.1 -p "$port"
