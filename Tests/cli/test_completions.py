"""Issue 41 item 13: after `make install`, a new bash completes carereport's commands and options.
The completion script goes where `make install` puts it (PREFIX/share/bash-completion/completions)
and a new interactive shell with Debian's default ~/.bashrc loads it when carereport is completed
(bash-completion's loader, which scripts/setup-machine.sh installs)."""
import os
import pathlib
import subprocess

import pytest

from conftest import ROOT

BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
LOADER = pathlib.Path("/usr/share/bash-completion/bash_completion")
SKELETON = pathlib.Path("/etc/skel/.bashrc")


def complete(tmp_path, line):
    """What a new shell offers for `line` (the last word being completed), as Tab would."""
    prefix, home, bin_dir = tmp_path / "prefix", tmp_path / "home", tmp_path / "bin"
    completions = prefix / "share" / "bash-completion" / "completions"
    if not completions.exists():
        completions.mkdir(parents=True)
        script = subprocess.run([str(BINARY), "--generate-completion-script", "bash"], capture_output=True, text=True, check=True)
        (completions / "carereport").write_text(script.stdout)
        home.mkdir()
        (home / ".bashrc").write_text(SKELETON.read_text() if SKELETON.exists() else f". {LOADER}\n")
        bin_dir.mkdir()
        (bin_dir / "carereport").symlink_to(BINARY)
    words = line.split()
    script = (
        "__load_completion carereport || exit 3\n"  # what the shell's default completion does on the first Tab
        f"COMP_WORDS=({' '.join(words)}); COMP_CWORD={len(words) - 1}; COMP_LINE='{line}'; COMP_POINT={len(line)}\n"
        f"_carereport carereport {words[-1]} {words[-2]}\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n')
    env = dict(os.environ, HOME=str(home), PATH=f"{bin_dir}:{os.environ['PATH']}",
               XDG_DATA_DIRS=f"{prefix / 'share'}:/usr/local/share:/usr/share")
    result = subprocess.run(["bash", "-i", "-c", script], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 0, f"the completion did not load: {result.stderr[-1000:]}"
    return result.stdout.split()


def test_a_new_shell_completes_commands_and_options(tmp_path):
    if not LOADER.exists():
        pytest.skip(f"{LOADER} is absent: bash-completion is not installed (scripts/setup-machine.sh build installs it)")
    assert complete(tmp_path, "carereport bu") == ["build"]
    assert "--viewer" in complete(tmp_path, "carereport build --vie")


def test_the_readme_and_the_setup_name_bash_completion():
    assert "bash-completion" in (ROOT / "README.md").read_text(encoding="utf-8").split("## Install")[1]
    assert "apt_packages+=(bash-completion)" in (ROOT / "scripts" / "setup-machine.sh").read_text()
