#!/usr/bin/env bash
# Writes the commit being built into Sources/CFileSwap/build_commit.h (git-ignored) for
# `carereport --version`; the file is rewritten only when the commit changes, so an unchanged
# commit compiles nothing again. A tree with uncommitted changes is "COMMIT+changes".
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo "")
if [ -n "$commit" ] && ! git diff --quiet HEAD -- Sources Package.swift templates translations 2>/dev/null; then
  commit="$commit+changes"
fi
header=Sources/CFileSwap/build_commit.h
line="#define CAREREPORT_COMMIT \"$commit\""
if [ ! -f "$header" ] || [ "$(cat "$header")" != "$line" ]; then
  echo "$line" > "$header"
fi
