#!/usr/bin/env bash
# Prints the path of the previous release binary that `make bench` measures beside the current one.
#
# BENCH_BASELINE_BIN set: that binary, as it is (nothing is built). Otherwise the commit named in
# bench/baseline (BENCH_BASELINE_COMMIT overrides it) is checked out as a detached git worktree in
# .build-baseline/src, its own stamp and embed scripts run, and it is built the way `make release`
# builds (release, static Swift runtime) with its own scratch folder, .build-baseline/build
# (git-ignored: .build-*/). .build-baseline/stamp holds the commit last built: while it is the
# same and the binary is there, nothing is built again (a first build takes about 3 minutes on 2
# cores). Build output goes to stderr; the path alone to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${BENCH_BASELINE_BIN:-}" ]; then
  if [ ! -x "$BENCH_BASELINE_BIN" ]; then
    echo "bench: BENCH_BASELINE_BIN=$BENCH_BASELINE_BIN is not an executable file" >&2
    exit 66
  fi
  realpath "$BENCH_BASELINE_BIN"
  exit 0
fi

wanted=${BENCH_BASELINE_COMMIT:-$(sed -e 's/#.*//' bench/baseline | awk 'NF { print $1; exit }')}
if [ -z "$wanted" ]; then
  echo "bench: bench/baseline names no commit (one hash on a line of its own)" >&2
  exit 65
fi
if ! commit=$(git rev-parse --quiet --verify "$wanted^{commit}" 2>/dev/null); then
  {
    echo "bench: the baseline commit $wanted (bench/baseline) is not in this clone."
    if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
      echo "This is a shallow clone: fetch the history with \`git fetch --unshallow\`,"
      echo "or that commit alone with \`git fetch --depth=1 origin $wanted\` (a full hash is needed)."
    else
      echo "Fetch it with \`git fetch origin\` (or \`git fetch origin $wanted\` with the full hash),"
    fi
    echo "or point BENCH_BASELINE_BIN at a binary of that release that is already built."
  } >&2
  exit 66
fi

root=$(pwd -P)/.build-baseline
src=$root/src
scratch=$root/build
binary=$scratch/release/carereport
if [ -x "$binary" ] && [ "$(cat "$root/stamp" 2>/dev/null)" = "$commit" ]; then
  echo "bench: previous release ${commit:0:12}: reusing $binary" >&2
  echo "$binary"
  exit 0
fi

mkdir -p "$root"
rm -f "$root/stamp"
if [ -e "$src/.git" ] && [ "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" = "$src" ]; then
  git -C "$src" checkout --quiet --force --detach "$commit"
  git -C "$src" clean --quiet -fdx
else
  rm -rf "$src"
  # --force: a worktree of this path that was deleted by hand is still registered; take it over.
  git worktree add --quiet --force --detach "$src" "$commit" >&2
fi

echo "bench: building the previous release ${commit:0:12} in $src (swift build -c release, about 3 minutes the first time)" >&2
(
  cd "$src"
  if [ -x scripts/stamp-commit.sh ]; then scripts/stamp-commit.sh; fi
  if [ -f scripts/embed-templates.py ]; then python3 scripts/embed-templates.py >&2; fi
  # Linking Foundation statically prints glibc's note on mktemp (Foundation's own; see the Makefile).
  swift build -c release --static-swift-stdlib --product carereport --scratch-path "$scratch" 2>&1 |
    { grep --line-buffered -v "is dangerous, better use" || true; } >&2
  exit "${PIPESTATUS[0]}"
)
if [ ! -x "$binary" ]; then
  echo "bench: the build of ${commit:0:12} wrote no $binary" >&2
  exit 70
fi
echo "$commit" >"$root/stamp"
echo "$binary"
