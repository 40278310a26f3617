# The browser journeys (Tests/Journeys): a debug build of Roster serving the demo company on a
# database of its own in the test cluster, and pytest driving headless Chromium against it.
# Sourced by scripts/test, which has started PostgreSQL ($port) and the OpenID provider.
# shellcheck shell=bash

# pytest_journeys BINDIR SCREENSHOTS [pytest arguments]: pytest driving Chromium against $PUBLIC_URL.
pytest_journeys() {
  local bindir=$1 screenshots=$2
  shift 2
  ROSTER_JOURNEY_URL="$PUBLIC_URL" ROSTER_JOURNEY_BIN="$bindir/Roster" ROSTER_JOURNEY_SCREENSHOTS="$screenshots" \
    "$venv/bin/python" -m pytest Tests/Journeys -p no:cacheprovider -q -rA "$@"
}

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

  web_port=$(free_port 8480)
  (
    # Mail leaves through msmtp to the test SMTP server, whose Maildir the journeys read.
    serve_demo journeys "$web_port" "$server_log"
    say "browser journeys against $PUBLIC_URL (server log: $server_log)"
    pytest_journeys "$bindir" "$screenshots" "$@"
  ) || status=$?
  say "journey screenshots (1280 and 375 px, light and dark; FAILED-… where a journey stopped): $screenshots"
  return "$status"
}

# run_cluster_journeys [pytest arguments]: the journeys once more, through HAProxy to two servers
# on PgBouncer, a primary and its standby (scripts/cluster, with a cluster of its own), plus
# the journeys of a server dying (Tests/Journeys/test_cluster.py, which run only here).
run_cluster_journeys() {
  local bindir screenshots web_port first second status=0
  bindir=$(swift build --show-bin-path)
  screenshots="$PWD/screenshots/cluster-journeys"
  rm -rf "$screenshots"
  mkdir -p "$screenshots"
  web_port=$(free_port 8680)
  first=$(free_port $((web_port + 1)))
  second=$(free_port $((first + 1)))
  (
    export ROSTER_CLUSTER_NAME=test-cluster ROSTER_CLUSTER_SERVER_PORTS="$first $second" PORT=$web_port
    export ROSTER_CLUSTER_DEMO=minimal ROSTER_SENDMAIL="$ROSTER_TEST_SENDMAIL" PUBLIC_URL="http://127.0.0.1:$web_port"
    bash scripts/cluster --reset >/dev/null
    trap 'bash scripts/cluster --stop >/dev/null 2>&1' EXIT
    bash scripts/cluster >"$PWD/.data/test-cluster.log" 2>&1 || { tail -n 30 "$PWD/.data/test-cluster.log" >&2; die "the cluster did not start"; }
    # shellcheck disable=SC1091
    source "$PWD/.data/test-cluster/roster.env"
    say "browser journeys through HAProxy at $PUBLIC_URL (servers on :$first and :$second; logs in .data/test-cluster/)"
    pytest_journeys "$bindir" "$screenshots" "$@"
  ) || status=$?
  say "cluster journey screenshots: $screenshots"
  return "$status"
}
