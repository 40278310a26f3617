# The API's contract checks (docs/ARCHITECTURE.md, "The API"): the committed generated code is
# what the OpenAPI document gives, the document is valid OpenAPI, and schemathesis drives every
# operation with valid and invalid data as each role of the demo company, checking every
# response against the document. Sourced by scripts/test, which has started PostgreSQL ($port).
# shellcheck shell=bash

# run_api_checks: fails when a check fails.
run_api_checks() {
  "$venv/bin/python" -c 'import schemathesis' 2>/dev/null || "$venv/bin/pip" install -q "schemathesis==4.32.5"
  "$venv/bin/python" -c 'import openapi_spec_validator' 2>/dev/null || "$venv/bin/pip" install -q "openapi-spec-validator==0.9.0"
  scripts/generate-api --check
  "$venv/bin/openapi-spec-validator" Public/api/v1/openapi.json

  local bindir api_port server_log schemathesis status=0
  bindir=$(swift build --show-bin-path)
  schemathesis="$PWD/$venv/bin/schemathesis"
  server_log="$PWD/.data/api-checks-server.log"
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres <<'SQL'
SET client_min_messages = warning;
DROP DATABASE IF EXISTS api_checks;
CREATE DATABASE api_checks OWNER roster_owner;
SQL
  api_port=$(free_port 8580)
  (
    export MIGRATION_DATABASE_URL="postgres://roster_owner@127.0.0.1:$port/api_checks"
    export DATABASE_URL="postgres://roster_app@127.0.0.1:$port/api_checks"
    export PUBLIC_URL="http://127.0.0.1:$api_port"
    export ROSTER_SENDMAIL="$ROSTER_TEST_SENDMAIL"
    ROSTER_SECRET_KEY=$(head -c 32 /dev/urandom | base64)
    export ROSTER_SECRET_KEY
    "$bindir/Roster" migrate >/dev/null || die "migrating the API checks' database failed"
    "$bindir/Roster" demo >/dev/null || die "loading the demo company for the API checks failed"
    "$bindir/Roster" serve --hostname 127.0.0.1 --port "$api_port" >"$server_log" 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null' EXIT
    for _ in $(seq 1 150); do curl -fs "$PUBLIC_URL/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
    curl -fs "$PUBLIC_URL/readyz" >/dev/null || die "Roster did not start for the API checks (log: $server_log)"
    for email in eva.dvorakova@acme.example petr.svoboda@acme.example jana.novakova@acme.example; do
      token=$("$bindir/Roster" token --slug acme --email "$email" | "$venv/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')
      say "schemathesis as $email against $PUBLIC_URL/api/v1 (server log: $server_log)"
      # Tests/API/schemathesis.toml holds the checks' settings; --max-time bounds the phases that repeat
      # until it is spent (fuzzing, stateful), and the seed makes runs repeatable.
      (cd Tests/API && "$schemathesis" run "$PUBLIC_URL/api/v1/openapi.json" --url "$PUBLIC_URL/api/v1" \
        -H "Authorization: Bearer $token" --checks all --max-examples 25 --seed 20261124 --max-time 75 --request-timeout 20 \
        --no-color) || exit 1
    done
    # Nothing a generated request did may have made the server fail.
    if grep -q "API operation .* failed" "$server_log"; then
      grep "API operation .* failed" "$server_log" >&2
      die "the API answered a 500 during the checks"
    fi
  ) || status=$?
  return "$status"
}
