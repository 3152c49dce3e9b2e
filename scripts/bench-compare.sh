#!/usr/bin/env bash
# The one-viewer rows of `make bench` (scripts/bench-render.sh) for two binaries side by side, in
# alternating turns on the same files: a year for one caregiver (circle 1's g1-u2 of a generated
# circles x 52 export, BENCH_RENDER, default 2x52) and the sample site for u-ellen. Prints, per row
# and binary, the best and median wall seconds and the median CPU seconds (user + system) of
# BENCH_TURNS turns (default 7). Build the old commit in a scratch worktree, then:
#
#   scripts/bench-compare.sh ../old/.build/release/carereport .build/release/carereport
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
  echo "usage: scripts/bench-compare.sh OLD_BINARY NEW_BINARY" >&2
  exit 64
fi
old=$(realpath "$1")
new=$(realpath "$2")
turns=${BENCH_TURNS:-7}
size=${BENCH_RENDER:-2x52}
work=$(mktemp -d "${TMPDIR:-/tmp}/carereport-bench-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$new" generate --circles "${size%x*}" --weeks "${size#*x}" --seed 1 --out "$work/export" >/dev/null

# run NAME BINARY ARGS...: one timed build into a fresh folder; appends "wall cpu" to $work/NAME.
run() {
  local name=$1 bin=$2
  shift 2
  rm -rf "$work/out"
  /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$bin" build "$@" --out "$work/out" >/dev/null
  awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$work/time.txt" >>"$work/$name"
}

year=("$work/export" --viewer g1-u2 --circle g1 --now 2025-04-20T22:00:00-07:00)
sample=(sample-data --viewer u-ellen --now 2025-04-18T18:00:00-07:00)
run warm "$old" "${sample[@]}"
run warm "$new" "${sample[@]}"
for _ in $(seq "$turns"); do
  run year-old "$old" "${year[@]}"
  run year-new "$new" "${year[@]}"
  run sample-old "$old" "${sample[@]}"
  run sample-new "$new" "${sample[@]}"
done

stats() {  # file: best wall, median wall, median cpu
  local n
  n=$(wc -l <"$1")
  printf '%s | %s | %s' "$(sort -n -k1 "$1" | head -1 | cut -d' ' -f1)" \
    "$(sort -n -k1 "$1" | sed -n "$(((n + 1) / 2))p" | cut -d' ' -f1)" \
    "$(sort -n -k2 "$1" | sed -n "$(((n + 1) / 2))p" | cut -d' ' -f2)"
}
echo "| one viewer ($turns turns each, alternating) | binary | best wall s | median wall s | median CPU s |"
echo "|---|---|--:|--:|--:|"
echo "| a year for g1-u2 ($size export) | old | $(stats "$work/year-old") |"
echo "| | new | $(stats "$work/year-new") |"
echo "| the sample site for u-ellen | old | $(stats "$work/sample-old") |"
echo "| | new | $(stats "$work/sample-new") |"
echo
echo "old: $old"
echo "new: $new"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
