#!/usr/bin/env bash
# Starts the production build for the e2e suite on a fresh database with the demo data. The
# dispatcher runs inline every second; Twilio webhooks are signed with a test token (no SMS
# leaves: without TWILIO_ACCOUNT_SID the outbox takes them); the dev mailbox is on.
# The server is production (the standalone server `npm run build` prepared, else `next start`:
# scripts/serve.mjs decides): the start checks (lib/config/production-checks.ts) apply, so the
# settings they want are given here explicitly (secrets of 32+ characters, MAIL_TRANSPORT=outbox).
set -euo pipefail
port="${1:-3200}"
export NEXT_TELEMETRY_DISABLED=1 DEV_MAILBOX=1 MAIL_TRANSPORT=outbox
export AUTH_SECRET="${AUTH_SECRET:-e2e-auth-secret-0123456789abcdef0123456789abcdef}" DISPATCHER="${DISPATCHER:-inline}"
export DISPATCH_INTERVAL_MS="${DISPATCH_INTERVAL_MS:-1000}" APP_URL="http://127.0.0.1:${port}"
export TWILIO_AUTH_TOKEN="${TWILIO_AUTH_TOKEN:-e2e-twilio-auth-token}"
# The inbound e-mail webhook is on, behind this secret (tests post mail as providers do).
export INBOUND_EMAIL_SECRET="${INBOUND_EMAIL_SECRET:-e2e-inbound-secret-of-at-least-32-characters}"
# Every test starts from the one demo session saved by the global setup, so its refresh token is
# presented again after another test rotated it: in e2e that is replay by design, not theft.
export REFRESH_REUSE_GRACE_SECONDS="${REFRESH_REUSE_GRACE_SECONDS:-86400}"
# The saved session's access token outlives the suite (over 15 minutes now): a spec whose first call
# is an API request (no page navigation, so no refresh by the proxy) must not meet an expired one.
# tests/e2e/sessions.spec.ts sets its own short lifetime to test the refreshes.
export LOG_LEVEL="${LOG_LEVEL:-warn}"
export ACCESS_TOKEN_TTL_SECONDS="${ACCESS_TOKEN_TTL_SECONDS:-7200}"
if [ -z "${DATABASE_URL:-}" ]; then
  # The embedded database: local evaluation (loopback only), which seeds the demo data at start.
  export PGLITE_DIR=".data/e2e-${port}" LOCAL_EVALUATION=1
  rm -rf "$PGLITE_DIR"
else
  # A production server never seeds the demo account: seed it first, outside production (tsx is
  # fine in tests; a deploy never seeds).
  NODE_ENV=development node node_modules/tsx/dist/cli.mjs scripts/db-seed.ts
fi
# Through scripts/serve.mjs as `npm start` runs it: the client address is the socket's (scripts/peer-address.mjs).
exec node scripts/serve.mjs -H 127.0.0.1 -p "$port"
