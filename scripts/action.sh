#!/usr/bin/env bash
# The GitHub Action's lint step: annotations on stdout, optional SARIF and HTML report, exit status per `fail-on`.
set -uo pipefail

bin="${DOCS_LINT_BIN:?DOCS_LINT_BIN is set by the install step}"
fail_on="${DOCS_LINT_FAIL_ON:-error}"
args=(--format github)

case "$fail_on" in
  error) ;;
  warning) args+=(--max-warnings 0) ;;
  never) ;;
  *) echo "::error title=docs-lint::Unknown fail-on \`$fail_on\`, expected error, warning or never"; exit 2 ;;
esac

[ -n "${DOCS_LINT_CONFIG:-}" ] && args+=(--config "$DOCS_LINT_CONFIG")
[ -n "${DOCS_LINT_SARIF_FILE:-}" ] && args+=(--output-file "sarif=$DOCS_LINT_SARIF_FILE")
[ -n "${DOCS_LINT_HTML_FILE:-}" ] && args+=(--output-file "html=$DOCS_LINT_HTML_FILE")
# The cache file lives where actions/cache restores and saves it; docs-lint-suppressions.json, when the
# repository has one, is read from the same folder without a flag.
[ "${DOCS_LINT_CACHE:-false}" = "true" ] && args+=(--cache --cache-location .docs-lint-cache)

if [ "${DOCS_LINT_ONLY_CHANGED:-false}" = "true" ]; then
  base=""
  if [ -n "${GITHUB_EVENT_PATH:-}" ] && [ -f "$GITHUB_EVENT_PATH" ]; then
    base=$(node -e 'const e = require(process.argv[1]); process.stdout.write((e.pull_request && e.pull_request.base && e.pull_request.base.sha) || "")' "$GITHUB_EVENT_PATH")
  fi
  if [ -n "$base" ]; then
    args+=(--changed-since "$base")
  else
    echo "::notice title=docs-lint::only-changed needs a pull_request event; linting every page"
  fi
fi

# Word splitting of `path` is intended: several paths may be given, space-separated.
# shellcheck disable=SC2206
paths=(${DOCS_LINT_PATH:-.})

node "$bin" "${args[@]}" "${paths[@]}"
status=$?

if [ "$status" -eq 2 ]; then exit 2; fi
if [ "$fail_on" = "never" ]; then exit 0; fi
exit "$status"
