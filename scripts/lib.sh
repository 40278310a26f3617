# Shared by scripts/run and scripts/test: installing what is missing, and private PostgreSQL clusters.
# shellcheck shell=bash

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root to run: $* (install it by hand, or run this script as root)"; fi
}

# apt_install PACKAGE... : installs the Debian packages that are not installed yet.
apt_install() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  if [ -z "${ROSTER_APT_UPDATED:-}" ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    export ROSTER_APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

require_swift() {
  command -v swift >/dev/null 2>&1 && return 0
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [ -x "$d/swift" ]; then export PATH="$d:$PATH"; return 0; fi
  done
  die "Swift 6 is not installed. Install the Swift toolchain (swift.org) so that 'swift' is on PATH."
}

install_base() {
  # libpoppler-glib-dev: the PDF inspector (roster-pdf) is built against it; util-linux has the
  # prlimit and setpriv that start the inspector under its limits, bubblewrap its sandbox;
  # libxlsxwriter-dev: the XLSX exports; libxml2: the XML parser that reads camt.053 bank statements.
  apt_install postgresql ca-certificates tzdata libpoppler-glib-dev libxlsxwriter-dev libxml2 pkg-config util-linux bubblewrap
  require_swift
}

pg_bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$d" ] || die "PostgreSQL server binaries not found under /usr/lib/postgresql"
  echo "$d"
}

# initdb and postgres refuse to run as root: as root, run them as the 'postgres' system user.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  local port=${1:-5433}
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

# wait_for_port PORT : waits up to 5 s for something to listen on 127.0.0.1:PORT.
wait_for_port() {
  for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done
  return 0
}

random_secret() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# cluster_dir NAME : where a private cluster lives. Under .data/ when the postgres user can
# reach it, otherwise in a directory of its own under /var/tmp, linked from .data/.
cluster_dir() {
  local name=$1
  local local_dir="$PWD/.data/$name"
  mkdir -p "$PWD/.data"
  if [ -L "$local_dir" ]; then readlink -f "$local_dir"; return; fi
  if [ "$(id -u)" != 0 ] || runuser -u postgres -- test -x "$PWD/.data" 2>/dev/null; then
    echo "$local_dir"; return
  fi
  local key outside
  key=$(printf '%s' "$local_dir" | sha256sum | cut -c1-12)
  outside="/var/tmp/roster-$key/$name"
  mkdir -p "$outside"
  ln -sfn "$outside" "$local_dir"
  echo "$outside"
}

# reachable_inspector BINDIR : a server running as root enters the PDF sandbox as nobody, who
# must be able to reach roster-pdf. When the checkout lies in a directory nobody cannot enter
# (`mktemp -d` makes them 0700), a copy goes to /var/tmp and ROSTER_PDF_INSPECTOR names it, as
# cluster_dir does for PostgreSQL's data.
reachable_inspector() {
  local bindir=$1 key outside
  [ "$(id -u)" = 0 ] && [ -z "${ROSTER_PDF_INSPECTOR:-}" ] || return 0
  setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$bindir/roster-pdf" && return 0
  key=$(printf '%s' "$bindir" | sha256sum | cut -c1-12)
  outside="/var/tmp/roster-$key/inspector"
  mkdir -p "$outside"
  chmod 755 "/var/tmp/roster-$key" "$outside"
  install -m 755 "$bindir/roster-pdf" "$outside/roster-pdf"
  export ROSTER_PDF_INSPECTOR="$outside/roster-pdf"
  say "roster-pdf copied to $outside (the sandbox's user cannot enter $bindir)"
}

# start_cluster DIR AUTH : creates (once) and starts a cluster listening on 127.0.0.1 only.
# AUTH is 'scram' (password of the superuser in DIR/../NAME.superuser) or 'trust' (throwaway test clusters).
# Prints the port.
start_cluster() {
  local dir=$1 auth=$2 bin port
  bin=$(pg_bindir)
  if [ "$(id -u)" = 0 ]; then
    mkdir -p "$dir"; chown postgres: "$dir"; chmod 700 "$dir"
  else
    mkdir -p "$dir"; chmod 700 "$dir"
  fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    local pwfile="$dir.superuser"
    if [ "$auth" = trust ]; then
      as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    else
      random_secret > "$pwfile"; chmod 600 "$pwfile"
      [ "$(id -u)" = 0 ] && chown postgres: "$pwfile"
      as_pg "$bin/initdb" -D "$dir" -U postgres --auth-local=scram-sha-256 --auth-host=scram-sha-256 \
        --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
  fi
  port=$(cat "$dir/roster.port" 2>/dev/null || true)
  if as_pg "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    echo "$port"; return 0
  fi
  if [ -z "$port" ] || (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    port=$(free_port 5433)
  fi
  as_pg sh -c "echo $port > '$dir/roster.port'"
  local opts="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir'"
  if [ "$auth" = trust ]; then
    # A throwaway cluster for tests: durability is not needed, speed is. The Swift tests run
    # concurrently, each with a database and a pool of its own: room for all of them.
    opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=500"
  fi
  as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 -o "$opts" start >/dev/null \
    || { tail -n 20 "$dir/server.log" >&2; die "PostgreSQL did not start (log: $dir/server.log)"; }
  echo "$port"
}

stop_cluster() {
  local dir=$1
  as_pg "$(pg_bindir)/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
}

# serve_demo DATABASE WEB_PORT LOG: inside a subshell of a script that started the test cluster
# ($port) and knows the built binaries ($bindir): a database of its own with the demo company's
# three people (`demo --minimal`: the journeys and API checks make their own invoices), and
# Roster serving it on WEB_PORT (pid in $server, stopped when the subshell exits). Exports
# PUBLIC_URL and the database settings; mail leaves through the test SMTP server.
serve_demo() {
  local database=$1 web_port=$2 log=$3
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres \
    -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $database" \
    -c "CREATE DATABASE $database OWNER roster_owner" || die "creating the database $database failed"
  export MIGRATION_DATABASE_URL="postgres://roster_owner@127.0.0.1:$port/$database"
  export DATABASE_URL="postgres://roster_app@127.0.0.1:$port/$database"
  export PUBLIC_URL="http://127.0.0.1:$web_port"
  export ROSTER_SENDMAIL="$ROSTER_TEST_SENDMAIL"
  ROSTER_SECRET_KEY=$(head -c 32 /dev/urandom | base64)
  export ROSTER_SECRET_KEY
  # (set -e does not act inside a subshell whose status is tested: every step says when it fails.)
  "$bindir/Roster" migrate >/dev/null || die "migrating the database $database failed"
  "$bindir/Roster" demo --minimal >/dev/null || die "loading the demo company into $database failed"
  "$bindir/Roster" serve --hostname 127.0.0.1 --port "$web_port" >"$log" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null' EXIT
  for _ in $(seq 1 150); do curl -fs "$PUBLIC_URL/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
  curl -fs "$PUBLIC_URL/readyz" >/dev/null || die "Roster did not start on $database (log: $log)"
}

