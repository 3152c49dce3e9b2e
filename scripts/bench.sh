#!/usr/bin/env bash
# make bench: builds release, generates three synthetic exports 8x apart, and prints one table:
# input size and record counts; ingest seconds and MB/s with carereport's loader and with a plain
# Foundation JSONDecoder into the same model (same files, same run); a whole `carereport build` for
# one caregiver of one circle: wall time, pages written, pages/s and peak resident memory from
# /usr/bin/time -v; and an all-members digest (one per active member of every circle), time and
# peak memory. Every figure comes from this run on these files.
#
# Environment (all optional):
#   BENCH_SIZES   circles x weeks per size            default "2x52 16x52 128x52"
#   BENCH_REPEAT  ingest runs per loader (best kept)  default "5 5 3" (one word per size)
#   BENCH_DIR     where the exports and sites go      default a fresh folder under $TMPDIR (else /tmp), removed at the end
#   BENCH_SEED    generator seed                      default 1
#   SCRATCH       swift build --scratch-path          default .build
#   BENCH_OUT     also write the table (Markdown) and the machine here
#   BENCH_RENDER  circles x weeks of the carereport-vs-Hugo render rows  default 2x52
#   BENCH_SCALE         the scale rows' exports (scripts/bench-scale.sh)  default "250x26 1000x26 10000x4"
#   BENCH_SCALE_SHARDS  at the largest, shard 0 of this many is measured   default 8
#   BENCH_DATA          where the scale exports are generated and kept     default BENCH_DIR (removed at the end)
#   BENCH_CASELOAD      the caseload rows: a care manager in N circles, "NxW ..."  default "50x8 500x8"
#   BENCH_SKIP_INGEST   1: skip the ingest table (render and scale rows only)
#   BENCH_SKIP_RENDER   1: skip the render rows (with BENCH_SKIP_INGEST=1: the scale rows only)
#   BENCH_RENDER_OUT    where the render rows write their pages  default /dev/shm (a RAM file system), else BENCH_DIR
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=(${BENCH_SIZES:-2x52 16x52 128x52})
repeats=(${BENCH_REPEAT:-5 5 3})
seed=${BENCH_SEED:-1}
scratch=${SCRATCH:-.build}
now=2025-04-20T22:00:00-07:00

# GNU time for the peak resident set, Hugo and pysimdjson for the side-by-side rows (not needed by make test).
scripts/setup-machine.sh bench

# As `make release` builds it: the Swift runtime and Foundation linked in (see the Makefile).
echo "bench: swift build -c release --static-swift-stdlib --scratch-path $scratch" >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" >&2
bin="$scratch/release"

work=${BENCH_DIR:-}
cleanup=""
if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/carereport-bench.XXXXXX")
  cleanup=$work
fi
mkdir -p "$work"
trap '[ -n "$cleanup" ] && rm -rf "$cleanup"' EXIT

# `key=value` pairs of a carereport-bench line.
field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

rows=()
notes=()
if [ "${BENCH_SKIP_INGEST:-}" = 1 ]; then sizes=(); fi
for index in "${!sizes[@]}"; do
  size=${sizes[$index]}
  circles=${size%x*}
  weeks=${size#*x}
  runs=${repeats[$index]:-1}
  export_dir="$work/export-$size"
  site="$work/site-$size"

  start=$(date +%s.%N)
  summary=$("$bin/carereport" generate --circles "$circles" --weeks "$weeks" --seed "$seed" --out "$export_dir")
  generate_s=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  echo "bench: $summary in ${generate_s} s" >&2

  # The baseline must do the same work: equal models, field by field (not timed).
  "$bin/carereport-bench" verify "$export_dir" >&2

  ours=$("$bin/carereport-bench" ingest "$export_dir" --loader carereport --repeat "$runs")
  theirs=$("$bin/carereport-bench" ingest "$export_dir" --loader foundation --repeat "$runs")
  echo "bench: $ours" >&2
  echo "bench: $theirs" >&2
  for key in users circles tasks health updates administrations lab_results; do
    if [ "$(field "$ours" $key)" != "$(field "$theirs" $key)" ]; then
      echo "bench: FAIL: $key differs between the loaders at $size: $(field "$ours" $key) vs $(field "$theirs" $key)" >&2
      exit 1
    fi
  done

  # A whole build for circle 1's primary caregiver.
  rm -rf "$site"
  /usr/bin/time -v -o "$work/time-$size.txt" \
    "$bin/carereport" build "$export_dir" --out "$site" --viewer g1-u2 --circle g1 --now "$now" >/dev/null
  wall=$(sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time-$size.txt" |
    awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
  rss_kb=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$work/time-$size.txt")
  pages=$(find "$site" -type f \( -name '*.html' -o -name '*.md' \) | wc -l)

  # An agency's cron job: one digest for every active member of every circle, from one reading.
  outbox="$work/outbox-$size"
  rm -rf "$outbox"
  /usr/bin/time -v -o "$work/time-all-$size.txt" \
    "$bin/carereport" digest "$export_dir" --all-members --week 2025-W15 --out "$outbox" --now "$now"
  all_wall=$(sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time-all-$size.txt" |
    awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
  all_rss_kb=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$work/time-all-$size.txt")
  digests=$(find "$outbox" -type f | wc -l)

  bytes=$(field "$ours" bytes)
  ours_s=$(field "$ours" best_s)
  theirs_s=$(field "$theirs" best_s)
  rows+=("$(printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' \
    "$circles × $weeks" "$(mb "$bytes")" \
    "$(field "$ours" health)" "$(field "$ours" administrations)" "$(field "$ours" tasks)" "$(field "$ours" updates)" \
    "$ours_s" "$(field "$ours" mb_s)" "$(field "$ours" maxrss_mb)" \
    "$theirs_s" "$(field "$theirs" mb_s)" "$(field "$theirs" maxrss_mb)" \
    "$(awk -v a="$theirs_s" -v b="$ours_s" 'BEGIN { printf "%.1fx", a / b }')" \
    "$(awk -v w="$wall" 'BEGIN { printf "%.2f", w }')" "$pages" \
    "$(awk -v p="$pages" -v w="$wall" -v r="$rss_kb" 'BEGIN { printf "%.0f | %.0f", p / w, r / 1024 }')" \
    "$(awk -v w="$all_wall" 'BEGIN { printf "%.2f", w }')" "$digests" "$(awk -v r="$all_rss_kb" 'BEGIN { printf "%.0f", r / 1024 }')")")
  notes+=("$size: best of $runs; generated in ${generate_s} s ($(awk -v b="$bytes" -v s="$generate_s" 'BEGIN { printf "%.0f", b / 1e6 / s }') MB/s)")
done

machine() {
  echo "- $(nproc) cores: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
  echo "- memory: $(free -h | awk '/^Mem:/ { print $2 " total, " $7 " available" }')"
  echo "- $(swift --version 2>&1 | head -1)"
  echo "- $(uname -sr), $(date -u +%Y-%m-%d)"
}

table() {
  echo "| export (circles × weeks) | input MB | health records | dose entries | tasks | updates | carereport ingest s | carereport MB/s | carereport peak MB | JSONDecoder ingest s | JSONDecoder MB/s | JSONDecoder peak MB | speed-up | build s | pages | pages/s | build peak MB | all-members digest s | digests | digest peak MB |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Ingest: best of N runs in one process per loader (\`carereport-bench ingest\`), MB = 10^6 bytes, peak MB = that"
  echo "process's peak resident set. Build: \`carereport build EXPORT --viewer g1-u2 --circle g1\` (one caregiver, html and md),"
  echo "wall time and peak resident set from \`/usr/bin/time -v\`; pages = .html and .md files written. All-members digest:"
  echo "\`carereport digest EXPORT --all-members --week 2025-W15 --out DIR\` (one Markdown digest per active member of every circle)."
  printf -- '- %s\n' "${notes[@]}"
}

if [ "${BENCH_SKIP_RENDER:-}" = 1 ]; then
  render_out=$(mktemp -d "$work/render.XXXXXX")
  render_table() { :; }
else
  source scripts/bench-render.sh
fi
source scripts/bench-scale.sh

all_tables() {
  if [ ${#rows[@]} -gt 0 ]; then table; echo; fi
  if [ "${BENCH_SKIP_RENDER:-}" != 1 ]; then render_table; echo; fi
  scale_table
  echo
  machine
  echo "- load average during the run (uptime at its end): $(uptime | sed 's/.*load average: //')"
}
all_tables
if [ -n "${BENCH_OUT:-}" ]; then all_tables >"$BENCH_OUT"; fi
