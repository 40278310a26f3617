# Shared by the benchmarks: a private PostgreSQL with the 1,000-person "bench" tenant, a release
# build of Roster serving it on 127.0.0.1:8181, and signing in like a person.
# shellcheck shell=bash
source scripts/lib.sh

BENCH_URL=http://127.0.0.1:8181
bench_server=
bench_dir=$(cluster_dir bench-pg)
bench_cleanup() { [ -n "$bench_server" ] && kill "$bench_server" 2>/dev/null; stop_cluster "$bench_dir"; }

# bench_build: release builds of Roster and roster-pdf; sets $bindir.
# BENCH_SCRATCH_PATH: a build folder of its own (e.g. .build-release), so a release build for
# the benches does not wait for, or disturb, the debug build in .build.
# BENCH_BINDIR: a folder of release binaries built before (Roster, roster-pdf, and for
# bench/pages roster-fortunes): nothing is built, so two builds can be measured in turns.
bench_build() {
  if [ -n "${BENCH_BINDIR:-}" ]; then
    bindir=$(cd "$BENCH_BINDIR" && pwd)
    [ -x "$bindir/Roster" ] && [ -x "$bindir/roster-pdf" ] || die "BENCH_BINDIR has no Roster and roster-pdf: $bindir"
    return 0
  fi
  say "building Roster and roster-pdf (release; the first release build takes several minutes)"
  local scratch=(${BENCH_SCRATCH_PATH:+--scratch-path "$BENCH_SCRATCH_PATH"})
  swift build -c release "${scratch[@]}" --product Roster
  swift build -c release "${scratch[@]}" --product roster-pdf
  bindir="$(swift build -c release "${scratch[@]}" --show-bin-path)"
}

# bench_database: a fresh cluster, the schema, and the tenant of bench/seed-rates.sql.
bench_database() {
  stop_cluster "$bench_dir"
  rm -rf "$bench_dir" "$bench_dir.superuser"
  local port
  port=$(start_cluster "$bench_dir" trust)
  BENCH_PORT=$port
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres <<'SQL'
CREATE ROLE roster_owner LOGIN NOSUPERUSER NOBYPASSRLS;
CREATE ROLE roster_app LOGIN NOSUPERUSER NOBYPASSRLS;
CREATE DATABASE roster OWNER roster_owner;
SQL
  export MIGRATION_DATABASE_URL="postgres://roster_owner@127.0.0.1:$port/roster"
  export DATABASE_URL="postgres://roster_app@127.0.0.1:$port/roster"
  export PUBLIC_URL="$BENCH_URL"
  "$bindir/Roster" migrate >/dev/null
  "$bindir/Roster" tenant create --slug bench --name "Bench a.s." --admin-email admin@bench.example >/dev/null
  bench_sql -f bench/seed-rates.sql >/dev/null
}

bench_sql() { psql -X -q -h 127.0.0.1 -p "$BENCH_PORT" -U roster_owner -d roster "$@"; }

bench_serve() {
  # Production refuses to start without a mail command; the benches send no mail that matters.
  ROSTER_SENDMAIL=${ROSTER_SENDMAIL:-/bin/true} "$bindir/Roster" serve --hostname 127.0.0.1 --port 8181 --env production >"$1" 2>&1 &
  bench_server=$!
  for _ in $(seq 1 100); do curl -fs "$BENCH_URL/healthz" >/dev/null && return 0; sleep 0.2; done
  die "Roster did not start (see $1)"
}

# bench_sign_in EMAIL: opens a one-time link and presses the button; prints the session cookie.
bench_sign_in() {
  local link jar page csrf session
  link=$("$bindir/Roster" link --slug bench --email "$1" | grep -o 'http://[^ ]*/login/[^ ]*' | head -n 1)
  jar=$(mktemp)
  page=$(curl -fs -c "$jar" -b "$jar" "$link")
  csrf=$(bench_csrf <<<"$page")
  curl -fs -o /dev/null -c "$jar" -b "$jar" --data-urlencode "_csrf=$csrf" "$link"
  session=$(awk '$6 == "roster_session" { print $7 }' "$jar")
  rm -f "$jar"
  [ -n "$session" ] || die "could not sign in as $1"
  echo "$session"
}

# The first CSRF token of the page on stdin.
bench_csrf() { grep -o 'name="_csrf" value="[^"]*"' | head -n 1 | sed 's/.*value="//; s/"$//'; }

# bench_wrk NAME PATH SESSION [SCRIPT]: p50/p99 at 1 and 4 connections.
bench_wrk() {
  local name=$1 path=$2 session=$3 script=${4:-} connections out
  for connections in 1 4; do
    out=$(wrk -t 1 -c "$connections" -d "${duration}s" --latency ${script:+-s "$script"} \
      -H "Cookie: roster_session=$session" "$BENCH_URL$path")
    printf '%-42s c=%s  p50 %-9s p99 %-9s %7s req/s  non-2xx/3xx: %s\n' "$name" "$connections" \
      "$(awk '$1 == "50%" { print $2 }' <<<"$out")" "$(awk '$1 == "99%" { print $2 }' <<<"$out")" \
      "$(awk '/Requests\/sec/ { print $2 }' <<<"$out")" "$(awk '/Non-2xx or 3xx/ { print $5 }' <<<"$out")"
  done
}

# bench_watch_memory: starts measuring the server's peak resident memory from now (the kernel keeps
# the peak, VmHWM, and resets it when 5 is written to clear_refs: no sampling process that would
# take CPU from the measured server); bench_stop_watching sets $bench_peak ("N MB").
bench_watch_memory() {
  echo 5 >"/proc/$bench_server/clear_refs" 2>/dev/null || say "cannot reset the peak memory of the server: the peak since its start is reported"
}

bench_stop_watching() {
  local peak
  peak=$(awk '/^VmHWM:/ { print $2 }' "/proc/$bench_server/status" 2>/dev/null || true)
  bench_peak="$((${peak:-0} / 1024)) MB"
}
