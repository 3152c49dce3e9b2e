#!/usr/bin/env bash
# Runs a build command (`swift build`, `swift test`) and fails when the compiler warns about the
# project's own code (Sources/, Tests/): a warning in CI is an error, a package's warning is not ours.
# Usage: scripts/no-warnings.sh swift build [ARGS...]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"
warnings=$(grep -E "^$root/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sed "s|^$root/||" | sort -u)
if [ -n "$warnings" ]; then
    count=$(printf '%s\n' "$warnings" | wc -l)
    printf '\nerror: the compiler warned %d time(s) about the project'"'"'s own code; fix each:\n%s\n' "$count" "$warnings" >&2
    exit 1
fi
