# Sourced by scripts/bench.sh (needs $bin, $work, $seed, $now, mb): the render rows and the scale rows.
#
# Render: one generated export (BENCH_RENDER, default 2x52); `carereport build --all-members`
# (every page of every active member, html and md) and Hugo rendering the same build's weekly
# Markdown pages (scripts/hugo-site.py: same data, same page chrome, Goldmark for the body),
# side by side: files, MB written (10^6 bytes of files), wall seconds, files/s and MB/s.
# Scale: an all-members digest measured at BENCH_SCALE_DIGEST (default 1000x52) and an all-members
# build measured at BENCH_SCALE_BUILD (default 8x52), extrapolated per circle to the digest's size.

wall_of() { sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1" |
  awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }'; }
rss_mb_of() { sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$1" | awk '{ printf "%.0f", $1 / 1024 }'; }
bytes_of() { find "$1" -type f ! -name '.carereport-site' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
files_of() { find "$1" -type f ! -name '.carereport-site' | wc -l; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

render_size=${BENCH_RENDER:-2x52}
render_export="$work/render-export-$render_size"
"$bin/carereport" generate --circles "${render_size%x*}" --weeks "${render_size#*x}" --seed "$seed" --out "$render_export" >&2

render_site="$work/render-site"
rm -rf "$render_site"
/usr/bin/time -v -o "$work/time-render.txt" \
  "$bin/carereport" build "$render_export" --out "$render_site" --all-members --now "$now" >/dev/null
cr_wall=$(wall_of "$work/time-render.txt")
cr_files=$(files_of "$render_site")
cr_bytes=$(bytes_of "$render_site")
cr_rss=$(rss_mb_of "$work/time-render.txt")

hugo_dir="$work/hugo"
rm -rf "$hugo_dir"
hugo_pages=$(python3 scripts/hugo-site.py "$render_site" "$hugo_dir")
hugo_wall=""
for run in 1 2 3; do  # best of 3 (Hugo's side only: favours Hugo)
  rm -rf "$hugo_dir/public"
  (cd "$hugo_dir" && /usr/bin/time -v -o "$work/time-hugo.txt" hugo --quiet -d public >/dev/null)
  w=$(wall_of "$work/time-hugo.txt")
  if [ -z "$hugo_wall" ] || awk -v a="$w" -v b="$hugo_wall" 'BEGIN { exit !(a < b) }'; then
    hugo_wall=$w
    hugo_rss=$(rss_mb_of "$work/time-hugo.txt")
  fi
done
hugo_files=$(files_of "$hugo_dir/public")
hugo_bytes=$(bytes_of "$hugo_dir/public")
hugo_version=$(hugo version | awk '{ print $2 }')
echo "bench: carereport $cr_files files ${cr_wall} s; hugo $hugo_files pages ${hugo_wall} s" >&2

render_row() {  # name files bytes wall rss
  printf '| %s | %s | %s | %.2f | %.0f | %.1f | %s |\n' "$1" "$2" "$(mb "$3")" "$4" \
    "$(awk -v f="$2" -v w="$4" 'BEGIN { print f / w }')" "$(awk -v b="$3" -v w="$4" 'BEGIN { print b / 1e6 / w }')" "$5"
}

# Scale: the all-members digest at full size, the build at a smaller size.
scale_digest=${BENCH_SCALE_DIGEST:-1000x52}
scale_build=${BENCH_SCALE_BUILD:-8x52}
scale_export="$work/scale-export-$scale_digest"
"$bin/carereport" generate --circles "${scale_digest%x*}" --weeks "${scale_digest#*x}" --seed "$seed" --out "$scale_export" >&2
scale_mb=$(mb "$(du -sb "$scale_export" | cut -f1)")
rm -rf "$work/scale-outbox"
/usr/bin/time -v -o "$work/time-scale-digest.txt" \
  "$bin/carereport" digest "$scale_export" --all-members --week 2025-W15 --out "$work/scale-outbox" --now "$now"
sd_wall=$(wall_of "$work/time-scale-digest.txt")
sd_rss=$(rss_mb_of "$work/time-scale-digest.txt")
sd_files=$(files_of "$work/scale-outbox")
rm -rf "$work/scale-outbox"

build_export="$work/scale-build-export-$scale_build"
"$bin/carereport" generate --circles "${scale_build%x*}" --weeks "${scale_build#*x}" --seed "$seed" --out "$build_export" >&2
rm -rf "$work/scale-site"
/usr/bin/time -v -o "$work/time-scale-build.txt" \
  "$bin/carereport" build "$build_export" --out "$work/scale-site" --all-members --now "$now" >/dev/null
sb_wall=$(wall_of "$work/time-scale-build.txt")
sb_rss=$(rss_mb_of "$work/time-scale-build.txt")
sb_files=$(files_of "$work/scale-site")
sb_bytes=$(bytes_of "$work/scale-site")
rm -rf "$work/scale-site"
# Per circle, then scaled to the digest's circle count (the build reads circle by circle: time grows
# with circles; peak memory is the index of the whole export, as the digest's, plus one circle's pages).
factor=$(awk -v a="${scale_digest%x*}" -v b="${scale_build%x*}" 'BEGIN { print a / b }')
eb_wall=$(awk -v w="$sb_wall" -v f="$factor" 'BEGIN { printf "%.0f", w * f }')
eb_files=$(awk -v n="$sb_files" -v f="$factor" 'BEGIN { printf "%.0f", n * f }')
eb_bytes=$(awk -v n="$sb_bytes" -v f="$factor" 'BEGIN { printf "%.0f", n * f }')

render_table() {
  echo "| render ($render_size export, all members) | files | MB written | seconds | files/s | MB/s | peak MB |"
  echo "|---|--:|--:|--:|--:|--:|--:|"
  render_row "carereport build --all-members (html + md, every page)" "$cr_files" "$cr_bytes" "$cr_wall" "$cr_rss"
  render_row "Hugo $hugo_version, the same build's $hugo_pages weekly pages (best of 3)" "$hugo_files" "$hugo_bytes" "$hugo_wall" "$hugo_rss"
  echo
  echo "carereport / Hugo: $(ratio "$(awk -v b="$cr_bytes" -v w="$cr_wall" 'BEGIN { print b / w }')" "$(awk -v b="$hugo_bytes" -v w="$hugo_wall" 'BEGIN { print b / w }')")x the MB/s, $(ratio "$(awk -v b="$cr_files" -v w="$cr_wall" 'BEGIN { print b / w }')" "$(awk -v b="$hugo_files" -v w="$hugo_wall" 'BEGIN { print b / w }')")x the files/s (target: 2x the MB/s)."
  echo
  echo "| scale (all members) | export | input MB | files | MB written | seconds | peak MB | with N shards (time each) |"
  echo "|---|---|--:|--:|--:|--:|--:|---|"
  printf '| digest, measured | %s | %s | %s | – | %.1f | %s | N=4: %.0f s, N=16: %.0f s |\n' "$scale_digest" "$scale_mb" "$sd_files" "$sd_wall" "$sd_rss" \
    "$(awk -v w="$sd_wall" 'BEGIN { print w / 4 }')" "$(awk -v w="$sd_wall" 'BEGIN { print w / 16 }')"
  printf '| build, measured | %s | – | %s | %s | %.1f | %s | |\n' "$scale_build" "$sb_files" "$(mb "$sb_bytes")" "$sb_wall" "$sb_rss"
  printf '| build, extrapolated (x%s per circle) | %s | %s | %s | %s | %s | ~%s | N=4: %.0f s, N=16: %.0f s |\n' "$factor" "$scale_digest" "$scale_mb" \
    "$eb_files" "$(mb "$eb_bytes")" "$eb_wall" "$(awk -v d="$sd_rss" -v b="$sb_rss" 'BEGIN { print d + b }')" \
    "$(awk -v w="$eb_wall" 'BEGIN { print w / 4 }')" "$(awk -v w="$eb_wall" 'BEGIN { print w / 16 }')"
  echo
  echo "N shards: each shard still reads and checks the whole export once (so every shard gives the same"
  echo "verdict), then decodes and writes only its circles: time each ≈ total / N plus that first reading."
  echo "The extrapolated build's peak (~) is a bound: the digest's peak at full size (the whole export's index)"
  echo "plus the small build's whole peak (one circle's pages), not a measurement."
}
