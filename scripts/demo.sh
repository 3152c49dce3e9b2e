#!/usr/bin/env bash
# Renders the sample data for the demo and says where to look (scripts/install-demo.sh, run before,
# has installed BIN and says whether a new shell finds it). Usage: demo.sh BIN INPUT OUT NOW
set -euo pipefail
bin=$1 input=$2 out=$3 now=$4
mkdir -p "$(dirname "$out")"
"$bin" --version
"$bin" validate "$input"
"$bin" build "$input" --out "$out" --viewer u-ellen --now "$now"
"$bin" build "$input" --out "$out-frank" --viewer u-frank --circle circle-margaret --now "$now"
"$bin" digest "$input" --viewer u-ellen --week last --now "$now" --out "$out-digest.md"
site=$(cd "$out" && pwd)
cat <<EOT

Written for Ellen (caregiver):   file://$site/index.html
  doctor-visit summary (print):  file://$site/visit.html
Written for Frank (supporter):   file://$(cd "$out-frank" && pwd)/index.html
Last week's family digest:       $(cd "$(dirname "$out-digest.md")" && pwd)/$(basename "$out-digest.md")

EOT
