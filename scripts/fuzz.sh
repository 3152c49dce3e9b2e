#!/usr/bin/env bash
# make fuzz: builds the fuzz targets with libFuzzer and AddressSanitizer and runs each for a fixed
# number of inputs. A crash is written to fuzz-findings/ and the script exits 1: copy the input into
# Tests/fuzz-regressions/TARGET/ (make test replays every file there) and fix the cause.
# The files in Tests/fuzz-regressions/TARGET/ are each target's seeds (issue 32's hostile inputs, made
# small: many keys, panels nested past the limit, many attributes, warnings by the hundred, a long
# narrative name, nested sections and self-including templates, a zip of them; archives whose entries
# are named in UTF-8 or CP437, tar and gzip'd tar, entry names with controls or that leave the archive;
# text with control and bidi characters and links that leave the site, also rendered as user Markdown).
# Usage: scripts/fuzz.sh [escaping-runs] [ingest-runs] (ccda, zip and template run ingest-runs each)
set -euo pipefail
cd "$(dirname "$0")/.."
escaping_runs=${1:-${FUZZ_ESCAPING_RUNS:-200000}}
ingest_runs=${2:-${FUZZ_INGEST_RUNS:-20000}}
scratch=.build-fuzz
swift build --product carereport-fuzz --scratch-path "$scratch" -c release \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
binary="$scratch/release/carereport-fuzz"
findings=fuzz-findings
mkdir -p "$findings"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # target runs max_len seed-folders...
  local target=$1 runs=$2 max_len=$3; shift 3
  local corpus="$work/$target"
  mkdir -p "$corpus"
  local count=0
  while IFS= read -r -d '' seed; do
    count=$((count + 1))
    cp "$seed" "$corpus/$count-$(basename "$seed")"
  done < <(find "$@" -type f -size -64k -print0)
  echo "fuzz: $target, $runs inputs (seeds: $(ls "$corpus" | wc -l))"
  CAREREPORT_FUZZ=$target TMPDIR="$work" "$binary" -runs="$runs" -max_len="$max_len" -seed=1 \
    -artifact_prefix="$findings/$target-" -print_final_stats=1 "$corpus" 2>"$work/$target.log" || {
      tail -40 "$work/$target.log" >&2
      echo "fuzz: $target found a crash; the input is in $findings/" >&2
      exit 1
    }
  grep -E "stat::number_of_executed_units|Done" "$work/$target.log" || true
}

run escaping "$escaping_runs" 512 Tests/fuzz-regressions/escaping
run ingest "$ingest_runs" 65536 Tests/fuzz-regressions/ingest sample-data Tests/CareReportsTests/Fixtures
run ccda "$ingest_runs" 65536 Tests/fuzz-regressions/ccda
run zip "$ingest_runs" 65536 Tests/fuzz-regressions/zip
run template "$ingest_runs" 16384 Tests/fuzz-regressions/template templates/html
echo "fuzz: no crash"
