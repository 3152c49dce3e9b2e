# Sourced by scripts/bench.sh (BENCH_TABLES=scale; needs $current, $work, $now, $render_out, mb,
# field_of, scale_export): the scale rows of issue 26.
#
# For each export of BENCH_SCALE (circles x weeks, default "250x26 1000x26"): the export's
# size; `carereport validate` and simdjson's parse of the same files (pysimdjson, scripts/
# simdjson-parse.py), each in a fresh process, best of 3; and the all-members digest of one week.
# At the largest size, one shard of BENCH_SCALE_SHARDS (default 8) of the all-members digest and
# of the all-members build. Time is wall seconds; peak MB is the largest anonymous resident memory
# (RssAnon in /proc/PID/status, sampled every 2 ms by scripts/peak-memory.py): what the process
# allocated, without the pages of the export it maps, which the kernel can drop at any time.
#
# The exports are scripts/bench.sh's scale_export (BENCH_DATA, seed BENCH_SCALE_SEED): the same
# files as the side-by-side rows. 10000x4 takes about a minute to write on 2 cores and 0.9 GB.

scale_sizes=(${BENCH_SCALE:-250x26 1000x26})
scale_shards=${BENCH_SCALE_SHARDS:-8}

# Runs "$@" under peak-memory.py N times; sets best_s and best_anon (of the fastest run).
measure() {
  local runs=$1 run s
  shift
  best_s=""
  for ((run = 0; run < runs; run++)); do
    if ! python3 scripts/peak-memory.py --out "$work/peak.txt" -- "$@" >/dev/null 2>"$work/measure-stderr.txt"; then
      cat "$work/measure-stderr.txt" >&2
      echo "bench: $* failed" >&2
      exit 1
    fi
    s=$(field_of "$work/peak.txt" wall_s)
    if [ -z "$best_s" ] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then
      best_s=$s
      best_anon=$(field_of "$work/peak.txt" peak_anon_mb)
    fi
  done
}

scale_rows=()
scale_notes=()
for size in "${scale_sizes[@]}"; do
  circles=${size%x*}
  weeks=${size#*x}
  dir=$(scale_export "$circles" "$weeks" "${BENCH_SCALE_SEED:-5}")
  bytes=$(find "$dir" -name '*.json' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
  measure 3 "$current" validate "$dir"
  validate_s=$best_s
  validate_anon=$best_anon
  measure 3 python3 scripts/simdjson-parse.py "$dir"
  simd_s=$best_s
  simd_anon=$best_anon
  outbox="$work/scale-outbox"
  rm -rf "$outbox"
  measure 1 "$current" digest "$dir" --all-members --week 2025-W15 --out "$outbox" --now "$now"
  digest_s=$best_s
  digest_anon=$best_anon
  digests=$(find "$outbox" -type f | wc -l)
  rm -rf "$outbox"
  echo "bench: $size validate ${validate_s} s, simdjson ${simd_s} s, digest ${digest_s} s ${digest_anon} MB" >&2
  scale_rows+=("$(printf '| %s | %s | %s | %.0f | %s | %s | %s | %.2fx | %s | %s | %s |' "$circles × $weeks" "$(mb "$bytes")" \
    "$validate_s" "$(awk -v b="$bytes" -v s="$validate_s" 'BEGIN { print b / 1e6 / s }')" "$validate_anon" \
    "$simd_s" "$simd_anon" "$(awk -v a="$validate_s" -v b="$simd_s" 'BEGIN { print a / b }')" \
    "$digest_s" "$digests" "$digest_anon")")
  last_dir=$dir
  last_size="$circles × $weeks"
  last_digest_s=$digest_s
  last_digest_anon=$digest_anon
  last_validate_s=$validate_s
done

# One shard of N at the largest size: what one pod of the Indexed Job (or one Slurm task) does.
outbox="$work/scale-outbox"
rm -rf "$outbox"
measure 1 "$current" digest "$last_dir" --all-members --week 2025-W15 --out "$outbox" --now "$now" --shard "0/$scale_shards"
shard_digest_s=$best_s
shard_digest_anon=$best_anon
shard_digests=$(find "$outbox" -type f | wc -l)
rm -rf "$outbox"
site="$render_out/scale-site"
rm -rf "$site"
measure 1 "$current" build "$last_dir" --out "$site" --all-members --now "$now" --shard "0/$scale_shards"
shard_build_s=$best_s
shard_build_anon=$best_anon
shard_build_files=$(find "$site" -type f ! -name '.carereport-site' | wc -l)
shard_build_circles=$(find "$site" -mindepth 1 -maxdepth 1 -type d | wc -l)
rm -rf "$site"

scale_table() {
  echo "| scale: circles × weeks | export MB | validate s | validate MB/s | validate peak MB | simdjson parse s | simdjson peak MB | validate / simdjson | all-members digest s | digests | digest peak MB |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
  printf '%s\n' "${scale_rows[@]}"
  echo
  echo "| one shard of $scale_shards at $last_size | circles | files | seconds | peak MB | unsharded |"
  echo "|---|--:|--:|--:|--:|---|"
  printf '| digest --all-members --shard 0/%s | – | %s | %s | %s | %s s, %s MB (validate alone: %s s) |\n' "$scale_shards" "$shard_digests" \
    "$shard_digest_s" "$shard_digest_anon" "$last_digest_s" "$last_digest_anon" "$last_validate_s"
  printf '| build --all-members --shard 0/%s | %s | %s | %s | %s | – |\n' "$scale_shards" "$shard_build_circles" "$shard_build_files" \
    "$shard_build_s" "$shard_build_anon"
  echo
  echo "validate and simdjson: each in a fresh process, best of 3, on the same files (simdjson: pysimdjson's"
  echo "Parser.load of each .json file, no checks). Peak MB: largest RssAnon of the process (sampled every 2 ms)."
  echo "A shard first reads and checks the whole export (as validate does), then reads and writes only its circles."
}
