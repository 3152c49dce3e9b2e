#!/usr/bin/env bash
# Installs a built carereport where a new shell finds it, and says where.
# Usage: install-demo.sh BIN [PREFIX]
#   PREFIX given: BIN goes into PREFIX/bin. Not given: /usr/local/bin when writable (root, CI),
#   else ~/.local/bin.
# When a new login shell (bash -l) or a new terminal's shell (bash -i) would not find it there, the
# line `export PATH="PREFIX/bin:$PATH"` is added to ~/.profile (read by login shells, and by bash
# when there is no ~/.bash_profile or ~/.bash_login), to whichever of those two bash reads instead
# when one exists, and to ~/.bashrc (read by a terminal's non-login shell) — each only when missing.
set -euo pipefail
bin=$1 prefix=${2:-}
if [ -z "$prefix" ]; then
  if [ -w /usr/local/bin ] || { [ ! -e /usr/local/bin ] && [ -w /usr/local ]; }; then
    prefix=/usr/local
  else
    prefix=$HOME/.local
  fi
fi
install -d "$prefix/bin"
install -m 755 "$bin" "$prefix/bin/carereport"
bindir=$(cd "$prefix/bin" && pwd)

# What a new shell finds, started as a terminal starts one: only HOME, USER and TERM from here.
new_shell_finds() {  # $1: -l (login) or -i (interactive, non-login)
  env -i HOME="$HOME" USER="${USER:-}" TERM=dumb bash "$1" -c 'command -v carereport' 2>/dev/null </dev/null | tail -n 1 || true
}

line="export PATH=\"$bindir:\$PATH\"  # carereport (make demo)"
added=()
add_line() {  # $1: a start-up file under HOME; appends the PATH line unless it already names bindir
  local file=$HOME/$1
  if [ -f "$file" ] && grep -qF "$bindir" "$file"; then return; fi
  printf '\n%s\n' "$line" >> "$file"
  added+=("~/$1")
}
if [ "$(new_shell_finds -l)" != "$bindir/carereport" ]; then
  add_line .profile
  for f in .bash_profile .bash_login; do
    if [ -f "$HOME/$f" ]; then add_line "$f"; break; fi
  done
fi
if [ "$(new_shell_finds -i)" != "$bindir/carereport" ]; then
  add_line .bashrc
fi

echo "carereport is installed in $bindir"
if [ ${#added[@]} -gt 0 ]; then
  echo "added $bindir to the PATH in ${added[*]}"
fi
login=$(new_shell_finds -l) term=$(new_shell_finds -i)
if [ "$login" = "$bindir/carereport" ] && [ "$term" = "$bindir/carereport" ]; then
  echo "a new shell finds it: open one and try"
  echo "  carereport validate sample-data"
else
  found=$login; [ "$found" = "$bindir/carereport" ] && found=$term
  echo "a new shell still does not find it${found:+ (it finds $found first)}: put $bindir first on your PATH" >&2
  exit 1
fi
