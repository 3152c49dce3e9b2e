#!/usr/bin/env bash
# make bench: the current carereport beside the previous release (issue 34), and on request the
# older tables. By default (BENCH_TABLES=side) one table, scripts/bench-side.sh: for each export
# of BENCH_SCALE (default 250 and 1,000 circles x 26 weeks), `validate`, `digest --all-members`
# and `build --all-members` with both binaries in the same run: wall seconds, peak anonymous
# memory, bytes and files written, and whether the two outputs are byte-identical (they must be:
# the script exits 1 after the tables when one is not). The previous release is built by
# scripts/bench-baseline.sh from the commit in bench/baseline. Every figure comes from this run.
#
# The other tables (BENCH_TABLES="ingest render scale side", any of them, in that order):
#   ingest  three synthetic exports 8x apart: ingest seconds and MB/s with carereport's loader and
#           with a plain Foundation JSONDecoder into the same model (same files, same run); a whole
#           `carereport build` for one caregiver of one circle; an all-members digest.
#   render  carereport beside Hugo, issue 15's one-viewer targets, the caseload rows
#           (scripts/bench-render.sh).
#   scale   issue 26's rows: validate beside simdjson, the digest, one shard of the largest size
#           (scripts/bench-scale.sh).
#
# Environment (all optional):
#   BENCH_TABLES  which tables, in any order           default "side"
#   BENCH_BIN     the current binary, used as it is (no release build; the ingest table needs
#                 carereport-bench beside it)          default: swift build -c release --static-swift-stdlib
#   BENCH_BASELINE_BIN     the previous release binary, used as it is  default: built from bench/baseline
#   BENCH_BASELINE_COMMIT  another commit than bench/baseline's
#   BENCH_SCALE   circles x weeks of the side-by-side (and scale) rows  default "250x26 1000x26"
#                 (10000x4 adds the largest row; its build writes about 20x the export's 0.9 GB
#                 per binary, one at a time: BENCH_SIDE_COMMANDS="validate digest" leaves it out)
#   BENCH_SIDE_COMMANDS  the side-by-side rows' commands   default "validate digest build"
#   BENCH_SCALE_SEED     generator seed of those exports   default 5 (issue 34's figures)
#   BENCH_SIDE_EXTRA     0: leave out the identity checks beyond the table (the digest in html and
#                        e-mail at the first size; sample-data's build and digests)  default 1
#   BENCH_DATA    where the scale exports are generated and kept (by their `.generated` stamp)
#                 default BENCH_DIR (removed at the end); BENCH_DATA=../bench-data keeps them
#   BENCH_DIR     the bench's own folder               default a fresh folder under $TMPDIR (else /tmp), removed at the end
#   BENCH_RENDER_OUT  where digests and sites are written  default /dev/shm (a RAM file system) when
#                 it has room for the largest site (and memory to hold it), else BENCH_DIR
#   BENCH_OUT     also write the tables (Markdown) and the machine here
#   SCRATCH       swift build --scratch-path of the current binary  default .build
#   ingest table: BENCH_SIZES "2x52 16x52 128x52", BENCH_REPEAT "5 5 3" (one word per size), BENCH_SEED 1
#   render table: BENCH_RENDER 2x52, BENCH_CASELOAD "50x8 500x8"
#   scale table:  BENCH_SCALE_SHARDS 8
#   BENCH_SKIP_INGEST=1, BENCH_SKIP_RENDER=1: leave that table out even when BENCH_TABLES names it
set -euo pipefail
cd "$(dirname "$0")/.."

tables=" ${BENCH_TABLES:-side} "
if [ "${BENCH_SKIP_INGEST:-}" = 1 ]; then tables=${tables// ingest / }; fi
if [ "${BENCH_SKIP_RENDER:-}" = 1 ]; then tables=${tables// render / }; fi
wants() { [[ "$tables" == *" $1 "* ]]; }
for table in $tables; do
  case $table in
    ingest | render | scale | side) ;;
    *) echo "bench: BENCH_TABLES: unknown table $table (ingest, render, scale, side)" >&2; exit 64 ;;
  esac
done

sizes=(${BENCH_SIZES:-2x52 16x52 128x52})
repeats=(${BENCH_REPEAT:-5 5 3})
seed=${BENCH_SEED:-1}
scratch=${SCRATCH:-.build}
now=2025-04-20T22:00:00-07:00

# GNU time for the peak resident set, Hugo and pysimdjson for the older tables (not needed by make
# test, nor by the side-by-side table, which reads /proc itself: scripts/peak-memory.py).
if wants ingest || wants render || wants scale; then scripts/setup-machine.sh bench; fi

if [ -n "${BENCH_BIN:-}" ]; then
  if [ ! -x "$BENCH_BIN" ]; then
    echo "bench: BENCH_BIN=$BENCH_BIN is not an executable file" >&2
    exit 66
  fi
  current=$(realpath "$BENCH_BIN")
else
  # As `make release` builds it: the Swift runtime and Foundation linked in (see the Makefile);
  # carereport-bench too when the ingest table is wanted.
  products=(--product carereport)
  if wants ingest; then products=(); fi
  echo "bench: swift build -c release --static-swift-stdlib ${products[*]} --scratch-path $scratch" >&2
  swift build -c release --static-swift-stdlib "${products[@]}" --scratch-path "$scratch" 2>&1 |
    { grep --line-buffered -v "is dangerous, better use" || true; } >&2
  current=$(realpath "$scratch/release/carereport")
fi
bin=$(dirname "$current")
if wants ingest && [ ! -x "$bin/carereport-bench" ]; then
  echo "bench: the ingest table needs $bin/carereport-bench beside BENCH_BIN: left out" >&2
  tables=${tables// ingest / }
fi
if wants side; then
  # Built (or reused) before anything is measured: a build would disturb the first rows.
  previous=$(scripts/bench-baseline.sh)
fi

work=${BENCH_DIR:-}
cleanups=()
if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/carereport-bench.XXXXXX")
  cleanups+=("$work")
fi
mkdir -p "$work"
work=$(realpath "$work")
trap 'rm -rf "${cleanups[@]}"' EXIT

# `key=value` pairs of a carereport-bench or peak-memory.py line.
field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }
field_of() { tr ' ' '\n' <"$1" | sed -n "s/^$2=//p"; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

# Where digests and sites are written: BENCH_RENDER_OUT (default /dev/shm, a RAM file system) when
# it has NEED bytes free (and, being in memory, the machine has them available besides 2 GB), else
# the bench's own folder. On this machine's ext4, creating a file costs more the more files were
# deleted in the last hours (the kernel skips recently deleted inodes one by one), so a disk run
# measures the disk's history as well as the tool. Sets out_dir to a fresh folder, removed at the
# end (not printed: a $(...) subshell would lose its entry in cleanups).
out_folder() {  # NEED_BYTES
  local root=${BENCH_RENDER_OUT:-/dev/shm} need=$1 avail memory
  if [ -d "$root" ] && [ -w "$root" ]; then
    avail=$(($(df --output=avail -k "$root" | tail -1) * 1024))
    if [ "$(df --output=fstype "$root" | tail -1)" = tmpfs ]; then
      memory=$(($(sed -n 's/^MemAvailable: *\([0-9]*\) kB/\1/p' /proc/meminfo) * 1024 - 2000000000))
      if [ "$memory" -lt "$avail" ]; then avail=$memory; fi
    fi
    if [ "$avail" -lt "$need" ]; then
      echo "bench: $root has $((avail / 1000000)) MB free (or available in memory), $((need / 1000000)) MB wanted: writing under $work" >&2
      root=$work
    fi
  else
    root=$work
  fi
  out_dir=$(mktemp -d "$root/carereport-out.XXXXXX")
  cleanups+=("$out_dir")
}

# The scale exports, generated once into BENCH_DATA and reused while their `.generated` stamp matches.
scale_data=${BENCH_DATA:-$work}
scale_export() {  # circles weeks seed -> prints the export's folder, generating it when needed
  local dir="$scale_data/export-$1x$2-seed$3"
  mkdir -p "$scale_data"
  if [ "$(cat "$dir/.generated" 2>/dev/null)" != "$1 $2 $3" ]; then
    rm -rf "$dir"
    echo "bench: generating $1 circles x $2 weeks (seed $3) into $dir" >&2
    "$current" generate --circles "$1" --weeks "$2" --seed "$3" --out "$dir" >&2
    echo "$1 $2 $3" >"$dir/.generated"
  fi
  echo "$dir"
}

rows=()
notes=()
if ! wants ingest; then sizes=(); fi
for index in "${!sizes[@]}"; do
  size=${sizes[$index]}
  circles=${size%x*}
  weeks=${size#*x}
  runs=${repeats[$index]:-1}
  export_dir="$work/export-$size"
  site="$work/site-$size"

  start=$(date +%s.%N)
  summary=$("$current" generate --circles "$circles" --weeks "$weeks" --seed "$seed" --out "$export_dir")
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
    "$current" build "$export_dir" --out "$site" --viewer g1-u2 --circle g1 --now "$now" >/dev/null
  wall=$(sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time-$size.txt" |
    awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
  rss_kb=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$work/time-$size.txt")
  pages=$(find "$site" -type f \( -name '*.html' -o -name '*.md' \) | wc -l)

  # An agency's cron job: one digest for every active member of every circle, from one reading.
  outbox="$work/outbox-$size"
  rm -rf "$outbox"
  /usr/bin/time -v -o "$work/time-all-$size.txt" \
    "$current" digest "$export_dir" --all-members --week 2025-W15 --out "$outbox" --now "$now"
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

# The render rows' pages: about 3 GB at the default sizes (one shard of the 1,000-circle build).
if wants render || wants scale; then out_folder 4000000000; render_out=$out_dir; fi
if wants render; then source scripts/bench-render.sh; fi
if wants scale; then source scripts/bench-scale.sh; fi
side_status=0
if wants side; then source scripts/bench-side.sh; fi

all_tables() {
  if [ ${#rows[@]} -gt 0 ]; then table; echo; fi
  if wants render; then render_table; echo; fi
  if wants scale; then scale_table; echo; fi
  if wants side; then side_table; echo; fi
  machine
  echo "- load average during the run (uptime at its end): $(uptime | sed 's/.*load average: //')"
}
all_tables
if [ -n "${BENCH_OUT:-}" ]; then all_tables >"$BENCH_OUT"; fi
exit "$side_status"
