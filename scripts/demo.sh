#!/usr/bin/env bash
# Renders the sample data for the demo and says where to look. Usage: demo.sh BIN INPUT OUT NOW
set -euo pipefail
bin=$1 input=$2 out=$3 now=$4
"$bin" validate "$input"
echo
echo "What a supporter may see (carereport audit $input --viewer u-frank):"
"$bin" audit "$input" --viewer u-frank | tail -n 1
if "$bin" help build >/dev/null 2>&1; then
  "$bin" build "$input" --out "$out" --viewer u-ellen --now "$now"
  echo
  echo "Open file://$(cd "$out" && pwd)/index.html"
fi
