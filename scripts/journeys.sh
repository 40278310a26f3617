# The browser journeys (Tests/Journeys): a debug build of Roster serving the demo company on a
# database of its own in the test cluster, and pytest driving headless Chromium against it.
# Sourced by scripts/test, which has started PostgreSQL ($port) and the OpenID provider.
# shellcheck shell=bash

# run_journeys [pytest arguments]: prints where the screenshots are; fails when a journey fails.
run_journeys() {
  apt_install chromium chromium-driver fonts-dejavu-core
  "$venv/bin/pip" install -q -r Tests/Journeys/requirements.txt
  # A current axe-core, beside the one axe-selenium-python bundles: the script only, without Playwright.
  "$venv/bin/pip" install -q --no-deps axe-playwright-python==0.1.8

  local bindir web_port server_log screenshots status=0
  bindir=$(swift build --show-bin-path)
  screenshots="$PWD/screenshots/journeys"
  server_log="$PWD/.data/journeys-server.log"
  rm -rf "$screenshots"
  mkdir -p "$screenshots"

  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres <<'SQL'
SET client_min_messages = warning;
DROP DATABASE IF EXISTS journeys;
CREATE DATABASE journeys OWNER roster_owner;
SQL
  web_port=$(free_port 8480)
  (
    export MIGRATION_DATABASE_URL="postgres://roster_owner@127.0.0.1:$port/journeys"
    export DATABASE_URL="postgres://roster_app@127.0.0.1:$port/journeys"
    export PUBLIC_URL="http://127.0.0.1:$web_port"
    # Mail leaves through msmtp to the test SMTP server, whose Maildir the journeys read.
    export ROSTER_SENDMAIL="$ROSTER_TEST_SENDMAIL"
    ROSTER_SECRET_KEY=$(head -c 32 /dev/urandom | base64)
    export ROSTER_SECRET_KEY
    # (set -e does not act inside a subshell whose status is tested: every step says when it fails.)
    "$bindir/Roster" migrate >/dev/null || die "migrating the journeys' database failed"
    "$bindir/Roster" demo >/dev/null || die "loading the demo company for the journeys failed"
    "$bindir/Roster" serve --hostname 127.0.0.1 --port "$web_port" >"$server_log" 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null' EXIT
    for _ in $(seq 1 150); do curl -fs "$PUBLIC_URL/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
    curl -fs "$PUBLIC_URL/readyz" >/dev/null || die "Roster did not start for the journeys (log: $server_log)"
    say "browser journeys against $PUBLIC_URL (server log: $server_log)"
    ROSTER_JOURNEY_URL="$PUBLIC_URL" ROSTER_JOURNEY_BIN="$bindir/Roster" ROSTER_JOURNEY_SCREENSHOTS="$screenshots" \
      "$venv/bin/python" -m pytest Tests/Journeys -p no:cacheprovider -q -rA "$@"
  ) || status=$?
  say "journey screenshots (1280 and 375 px, light and dark; FAILED-… where a journey stopped): $screenshots"
  return "$status"
}
