# The API's contract checks (docs/ARCHITECTURE.md, "The API"): the committed generated code is
# what the OpenAPI document gives, the document is valid OpenAPI, a client written from it by a
# third-party generator (openapi-python-client) goes through a phone's day (Tests/API/phone_day.py),
# and schemathesis drives every operation with valid and invalid data as each role of the demo
# company, checking every response against the document. Sourced by scripts/test, which has
# started PostgreSQL ($port).
# shellcheck shell=bash

# run_api_checks: fails when a check fails.
run_api_checks() {
  "$venv/bin/python" -c 'import schemathesis' 2>/dev/null || "$venv/bin/pip" install -q "schemathesis==4.32.5"
  "$venv/bin/python" -c 'import openapi_spec_validator' 2>/dev/null || "$venv/bin/pip" install -q "openapi-spec-validator==0.9.0"
  [ -x "$venv/bin/openapi-python-client" ] || "$venv/bin/pip" install -q "openapi-python-client==0.29.1"
  scripts/generate-api --check
  "$venv/bin/openapi-spec-validator" Public/api/v1/openapi.json
  local client_dir="$PWD/.data/api-client" client_generator="$PWD/$venv/bin/openapi-python-client" document="$PWD/Public/api/v1/openapi.json"
  rm -rf "$client_dir" && mkdir -p "$client_dir"
  (cd "$client_dir" && "$client_generator" generate --path "$document" --meta none --output-path roster_client >/dev/null) \
    || die "openapi-python-client could not write a client from the document"

  local bindir api_port server_log schemathesis status=0
  bindir=$(swift build --show-bin-path)
  schemathesis="$PWD/$venv/bin/schemathesis"
  server_log="$PWD/.data/api-checks-server.log"
  api_port=$(free_port 8580)
  (
    serve_demo api_checks "$api_port" "$server_log"
    token_of() {
      "$bindir/Roster" token --slug acme --email "$1" | "$venv/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["access_token"])'
    }
    say "a phone's day through the generated client"
    "$venv/bin/python" Tests/API/phone_day.py "$client_dir" "$PUBLIC_URL/api/v1" "$(token_of eva.dvorakova@acme.example)" \
      "$(token_of petr.svoboda@acme.example)" "$(token_of jana.novakova@acme.example)" || exit 1
    for email in eva.dvorakova@acme.example petr.svoboda@acme.example jana.novakova@acme.example; do
      token=$(token_of "$email")
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
