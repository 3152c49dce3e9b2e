# Sourced by scripts/bench.sh (BENCH_TABLES=side, the default; needs $current, $previous, $work,
# $now, field_of, mb, out_folder, scale_export): issue 34's table, the current binary beside the
# previous release in the same run.
#
# For each export of BENCH_SCALE (default "250x26 1000x26", generated with BENCH_SCALE_SEED, default
# 5) and each command of BENCH_SIDE_COMMANDS (default "validate digest build"):
#   validate  `validate EXPORT`, best of 3 per binary (turns alternate); identical: same stdout and status
#   digest    `digest EXPORT --all-members --week 2025-W15 --now ...`, one run per binary
#   build     `build EXPORT --all-members --now ...`, one run per binary
# wall seconds and peak anonymous memory (scripts/peak-memory.py), bytes and files written. Each
# output tree is reduced to a manifest (path, size, SHA-256 of every file: scripts/bench-manifest.py)
# and deleted before the other binary runs, so a 1,000-circle site (about 12 GB) is never there
# twice. Then, for byte identity alone: the digest in html and e-mail at the first size, and the
# sample-data's all-members build and digests (the three formats); BENCH_SIDE_EXTRA=0 leaves these
# out. Any difference, a failed run or
# a different exit status makes the row say NO, prints the first paths that differ, and makes
# scripts/bench.sh exit 1 after the tables.

side_sizes=(${BENCH_SCALE:-250x26 1000x26})
side_commands=(${BENCH_SIDE_COMMANDS:-validate digest build})
side_seed=${BENCH_SCALE_SEED:-5}
side_week=2025-W15
sample_now=2025-04-18T18:00:00-07:00
side_rows=()     # the main table, command by command
side_checks=()   # the identity-only table
side_notes=()
side_differences=()
declare -A side_row_of=()  # "command size" -> row (rows are printed command by command)
declare -A side_s=()       # "command circles binary" -> seconds, for the issue's ratios

# side_run NAME BINARY ARGS...: one run under peak-memory.py; stdout and stderr into $work/NAME.*;
# sets run_s, run_anon and run_exit.
side_run() {
  local name=$1
  shift
  run_exit=0
  python3 scripts/peak-memory.py --out "$work/$name.peak" -- "$@" >"$work/$name.stdout" 2>"$work/$name.stderr" || run_exit=$?
  run_s=$(field_of "$work/$name.peak" wall_s)
  run_anon=$(field_of "$work/$name.peak" peak_anon_mb)
  if [ "$run_exit" -ne 0 ]; then
    echo "bench: $* exited with $run_exit:" >&2
    tail -5 "$work/$name.stderr" >&2
  fi
}

speedup() {  # previous current
  awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "–" }'
}

# side_outputs LABEL WRITE_ARGS...: each binary in turn writes into a fresh folder (ARGS then
# --out FOLDER), which is reduced to its manifest and deleted. Sets prev_* and cur_* (s, anon,
# exit), files, bytes, same (yes/NO).
side_outputs() {
  local label=$1 side binary folder
  shift
  for side in prev cur; do
    binary=$previous
    if [ "$side" = cur ]; then binary=$current; fi
    folder="$out_dir/out"
    rm -rf "$folder"
    side_run "$side" "$binary" "$@" --out "$folder"
    printf -v "${side}_s" '%s' "$run_s"
    printf -v "${side}_anon" '%s' "$run_anon"
    printf -v "${side}_exit" '%s' "$run_exit"
    mkdir -p "$folder"
    python3 scripts/bench-manifest.py write "$folder" "$work/$side.manifest" >"$work/$side.count"
    rm -rf "$folder"
  done
  files=$(field_of "$work/cur.count" files)
  bytes=$(field_of "$work/cur.count" bytes)
  same=yes
  if [ "$prev_exit" != "$cur_exit" ] || [ "$cur_exit" != 0 ]; then
    same=NO
    side_differences+=("$label: exit status $prev_exit (previous) and $cur_exit (current)")
  fi
  if ! python3 scripts/bench-manifest.py compare "$work/prev.manifest" "$work/cur.manifest" >"$work/compare.txt"; then
    same=NO
    side_differences+=("$label: $(cat "$work/compare.txt")")
  fi
  if [ "$(field_of "$work/prev.count" bytes)" != "$bytes" ]; then
    bytes="$(field_of "$work/prev.count" bytes) / $bytes"
  fi
}

mb_or_pair() {  # "B" or "B1 / B2" -> MB
  if [[ "$1" == *" / "* ]]; then echo "$(mb "${1% / *}") / $(mb "${1#* / }")"; else mb "$1"; fi
}

side_status=0
first_size=""
for size in "${side_sizes[@]}"; do
  circles=${size%x*}
  weeks=${size#*x}
  dir=$(scale_export "$circles" "$weeks" "$side_seed")
  export_bytes=$(find "$dir" -name '*.json' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
  # A site takes about 20x the export (3.1 GB for 150 MB, 12 GB for 600 MB); 22x with a margin.
  out_folder $((export_bytes * 22))
  side_notes+=("$circles × $weeks: export $(mb "$export_bytes") MB ($dir); outputs written to $(df --output=fstype "$out_dir" | tail -1) ($(dirname "$out_dir"))")
  label="$circles × $weeks"
  for command in "${side_commands[@]}"; do
    case $command in
      validate)
        prev_s="" cur_s=""
        for turn in 1 2 3; do  # best of 3 each, alternating; the first turn also warms the page cache
          for side in prev cur; do
            binary=$previous
            if [ "$side" = cur ]; then binary=$current; fi
            side_run "$side-validate" "$binary" validate "$dir"
            best="${side}_s"
            if [ -z "${!best}" ] || awk -v a="$run_s" -v b="${!best}" 'BEGIN { exit !(a < b) }'; then
              printf -v "${side}_s" '%s' "$run_s"
              printf -v "${side}_anon" '%s' "$run_anon"
            fi
            printf -v "${side}_exit" '%s' "$run_exit"
          done
        done
        same=yes
        if [ "$prev_exit" != 0 ] || [ "$cur_exit" != 0 ] ||
          ! cmp -s "$work/prev-validate.stdout" "$work/cur-validate.stdout"; then
          same=NO
          side_differences+=("validate at $label: exit $prev_exit / $cur_exit; stdout: $(head -c 300 "$work/prev-validate.stdout") / $(head -c 300 "$work/cur-validate.stdout")")
        fi
        files="–" bytes=""
        name="validate"
        ;;
      digest)
        side_outputs "digest --all-members at $label" digest "$dir" --all-members --week "$side_week" --now "$now"
        name="digest --all-members"
        ;;
      build)
        side_outputs "build --all-members at $label" build "$dir" --all-members --now "$now"
        name="build --all-members"
        ;;
      *)
        echo "bench: BENCH_SIDE_COMMANDS: unknown command $command (validate, digest, build)" >&2
        exit 64
        ;;
    esac
    if [ "$same" != yes ]; then side_status=1; fi
    side_s["$command $circles prev"]=$prev_s
    side_s["$command $circles cur"]=$cur_s
    side_row_of["$command $size"]=$(printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' "$name" "$label" \
      "$prev_s" "$cur_s" "$(speedup "$prev_s" "$cur_s")" "$prev_anon" "$cur_anon" \
      "$(if [ -n "$bytes" ]; then mb_or_pair "$bytes"; else echo "–"; fi)" "$files" "$same")
    echo "bench: $name at $label: previous ${prev_s} s ${prev_anon} MB, current ${cur_s} s ${cur_anon} MB, identical: $same" >&2
  done

  if [ -z "$first_size" ] && [ "${BENCH_SIDE_EXTRA:-1}" != 0 ]; then  # the digest's other formats, at the first size only
    first_size=$size
    for format in html email; do
      side_outputs "digest --format $format at $label" digest "$dir" --all-members --week "$side_week" --now "$now" --format "$format"
      if [ "$same" != yes ]; then side_status=1; fi
      side_checks+=("$(printf '| digest --all-members --format %s | %s | %s | %s | %s | %s | %s | %s |' "$format" "$label" \
        "$prev_s" "$cur_s" "$(speedup "$prev_s" "$cur_s")" "$(mb_or_pair "$bytes")" "$files" "$same")")
      echo "bench: digest --format $format at $label: identical: $same" >&2
    done
  fi
  rm -rf "$out_dir"
done

# The project's sample: every reader's site and digests (three formats).
side_extra=(build markdown html email)
if [ "${BENCH_SIDE_EXTRA:-1}" = 0 ]; then side_extra=(); fi
out_folder 1000000000
for check in "${side_extra[@]}"; do
  if [ "$check" = build ]; then
    side_outputs "build --all-members of sample-data" build sample-data --all-members --now "$sample_now"
    name="build --all-members"
  else
    side_outputs "digest --format $check of sample-data" digest sample-data --all-members --now "$sample_now" --format "$check"
    name="digest --all-members --format $check"
  fi
  if [ "$same" != yes ]; then side_status=1; fi
  side_checks+=("$(printf '| %s | sample-data | %s | %s | %s | %s | %s | %s |' "$name" \
    "$prev_s" "$cur_s" "$(speedup "$prev_s" "$cur_s")" "$(mb_or_pair "$bytes")" "$files" "$same")")
done
rm -rf "$out_dir"

for command in "${side_commands[@]}"; do
  for size in "${side_sizes[@]}"; do side_rows+=("${side_row_of["$command $size"]}"); done
done

# ratio_line TEXT NUMERATOR DENOMINATOR TARGET
ratio_line() {
  if [ -z "$2" ] || [ -z "$3" ]; then
    echo "- $1: not measured (BENCH_SCALE needs that size and BENCH_SIDE_COMMANDS those commands); target ≤ $4"
  else
    awk -v t="$1" -v a="$2" -v b="$3" -v target="$4" 'BEGIN {
      if (b <= 0) { printf "- %s: %s s / %s s: –; target ≤ %s\n", t, a, b, target; exit }
      r = a / b
      printf "- %s: %s s / %s s = **%.2f** (target ≤ %s: %s)\n", t, a, b, r, target, (r <= target ? "met" : "NOT met")
    }'
  fi
}

side_table() {
  echo "| previous release beside current: command | circles × weeks | previous s | current s | speed-up | previous peak MB | current peak MB | MB written | files | identical |"
  echo "|---|---|--:|--:|--:|--:|--:|--:|--:|---|"
  printf '%s\n' "${side_rows[@]}"
  echo
  echo "Issue 34's targets, from the rows above:"
  ratio_line "digest --all-members at 1,000 circles / validate at 1,000 circles (current)" \
    "${side_s["digest 1000 cur"]:-}" "${side_s["validate 1000 cur"]:-}" 4
  ratio_line "build --all-members at 250 circles, current / previous" \
    "${side_s["build 250 cur"]:-}" "${side_s["build 250 prev"]:-}" 0.5
  if [ ${#side_checks[@]} -gt 0 ]; then
    echo
    echo "| byte identity, further outputs | export | previous s | current s | speed-up | MB written | files | identical |"
    echo "|---|---|--:|--:|--:|--:|--:|---|"
    printf '%s\n' "${side_checks[@]}"
  fi
  echo
  echo "previous: $previous ($("$previous" --version 2>&1 | head -1)); current: $current ($("$current" --version 2>&1 | head -1))."
  echo "validate: best of 3 per binary, turns alternating; digest and build: one run per binary, the previous first,"
  echo "\`--now $now\`, digests of week $side_week (sample-data: \`--now $sample_now\`, its week)."
  echo "Seconds: wall; peak MB: largest RssAnon of the process (sampled every 2 ms, scripts/peak-memory.py); MB written"
  echo "(10^6 bytes) and files: every file of the output (two figures when the binaries differ). identical: the sorted"
  echo "(path, size, SHA-256) of every file of both outputs (scripts/bench-manifest.py), and the same exit status"
  echo "(validate: the same output and status)."
  printf -- '- %s\n' "${side_notes[@]}"
  if [ ${#side_differences[@]} -gt 0 ]; then
    echo
    echo "**Outputs that differ** (make bench exits 1):"
    printf -- '- %s\n' "${side_differences[@]}"
  fi
}
