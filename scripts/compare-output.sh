#!/usr/bin/env bash
# Renders everything carereport writes with two binaries and compares the trees byte for byte
# (diff -r): the sample data and a generated export, each built for every active member and with
# --all-members, the digest of two weeks in every format for every member, and the visit summary
# (html and fhir) for every member. Use it before and after a change that must not change a byte
# (e.g. the template engine): build the old commit in a scratch worktree, then
#
#   scripts/compare-output.sh ../old/.build/release/carereport .build/release/carereport
#
# Environment (optional): COMPARE_DIR (kept; default a fresh folder under $TMPDIR, removed when
# the trees agree), COMPARE_EXPORT (circles x weeks of the generated export, default 3x10).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
  echo "usage: scripts/compare-output.sh OLD_BINARY NEW_BINARY" >&2
  exit 64
fi
old=$(realpath "$1")
new=$(realpath "$2")
size=${COMPARE_EXPORT:-3x10}
work=${COMPARE_DIR:-}
keep=1
if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/carereport-compare.XXXXXX")
  keep=0
fi
mkdir -p "$work"

"$new" generate --circles "${size%x*}" --weeks "${size#*x}" --seed 7 --out "$work/generated" >/dev/null

# Everything one binary writes for one export, under $out.
render() {
  local bin=$1 export=$2 now=$3 out=$4 weeks=$5
  mkdir -p "$out"
  "$bin" build "$export" --all-members --out "$out/all-members" --now "$now"
  "$bin" digest "$export" --all-members --format markdown --out "$out/digest-all" --now "$now"
  local circle="" line user status
  while IFS= read -r line; do
    if [[ $line =~ ^([^[:space:]]+)[[:space:]] ]]; then
      circle=${BASH_REMATCH[1]}
      continue
    fi
    read -r user _ <<<"$line" || true
    status=${line##* }
    [ -n "$user" ] && [ "$status" = active ] || continue
    local at="$out/$circle/$user"
    mkdir -p "$at"
    "$bin" build "$export" --viewer "$user" --circle "$circle" --out "$at/site" --now "$now"
    for week in $weeks; do
      "$bin" digest "$export" --viewer "$user" --circle "$circle" --week "$week" --now "$now" --format markdown --out "$at/digest-$week.md"
      "$bin" digest "$export" --viewer "$user" --circle "$circle" --week "$week" --now "$now" --format html --out "$at/digest-$week.html"
      "$bin" digest "$export" --viewer "$user" --circle "$circle" --week "$week" --now "$now" --format email --to family@example.org --out "$at/digest-$week.eml"
    done
    # A member who may not see health records gets no visit summary: the exit status is compared too.
    local status_html=0 status_fhir=0
    "$bin" visit "$export" --viewer "$user" --circle "$circle" --now "$now" --out "$at/visit.html" 2>"$at/visit.err" || status_html=$?
    "$bin" visit "$export" --viewer "$user" --circle "$circle" --now "$now" --format fhir --out "$at/visit.json" 2>>"$at/visit.err" || status_fhir=$?
    echo "$status_html $status_fhir" >"$at/visit.status"
  done < <("$new" members "$export")
}

for side in old new; do
  bin=$old
  [ $side = new ] && bin=$new
  render "$bin" sample-data 2025-04-18T18:00:00-07:00 "$work/$side/sample" "last 2025-W14"
  render "$bin" "$work/generated" 2025-04-20T22:00:00-07:00 "$work/$side/generated" "last this"
done

files=$(find "$work/new" -type f | wc -l)
if diff -r "$work/old" "$work/new" >"$work/diff.txt"; then
  echo "compare-output: the same bytes: $files files (sample-data and a $size export) in $work/old and $work/new"
  [ $keep = 1 ] || rm -rf "$work"
else
  echo "compare-output: DIFFERENT: see $work/diff.txt ($(grep -c '' "$work/diff.txt") lines)" >&2
  exit 1
fi
