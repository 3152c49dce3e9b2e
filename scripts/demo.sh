#!/usr/bin/env bash
# Renders the sample data for the demo and says where to look, and whether a new shell finds the
# installed carereport. Usage: demo.sh BIN INPUT OUT NOW (BIN: the installed binary)
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
# A new login shell, as a terminal opens one: does it find the binary just installed?
bindir=$(cd "$(dirname "$bin")" && pwd)
found=$(env -i HOME="$HOME" USER="${USER:-}" TERM=dumb bash -lc 'command -v carereport' 2>/dev/null || true)
if [ "$found" = "$bindir/carereport" ]; then
  echo "carereport is installed in $bindir, on the PATH of a new shell: open one and try"
  echo "  carereport validate sample-data"
else
  echo "carereport is installed in $bindir, which a new shell does not search${found:+ (it finds $found first)}."
  echo "Add it to your PATH (then open a new shell):"
  echo "  echo 'export PATH=\"$bindir:\$PATH\"' >> ~/.profile"
fi
