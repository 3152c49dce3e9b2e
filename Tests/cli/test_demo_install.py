"""make demo's install step (scripts/install-demo.sh through `make install-demo`): the binary lands where
a new login shell and a new terminal's shell find it, the PATH line is added only when missing, and
the demo's last words say so. Runs with the debug binary, so no release build is needed."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
PATH_LINE = 'export PATH="{}:$PATH"  # carereport (make demo)'


def install(home, prefix=None):
    args = ["make", "--no-print-directory", "-C", str(ROOT), "install-demo", f"DEMO_BIN={BIN}"]
    if prefix is not None:
        args.append(f"DEMO_PREFIX={prefix}")
    env = {"PATH": os.environ["PATH"], "HOME": str(home)}
    return subprocess.run(args, capture_output=True, text=True, env=env)


def new_shell(home, flag, command):
    """A shell started as a terminal starts one: nothing inherited but HOME and TERM."""
    return subprocess.run(["env", "-i", f"HOME={home}", "TERM=dumb", "bash", flag, "-c", command],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)


@pytest.fixture
def binary():
    if not BIN.exists():
        pytest.fail(f"{BIN} is missing: run swift build first")
    return BIN


def test_a_new_login_and_terminal_shell_find_it_and_it_runs(binary, tmp_path):
    home, prefix = tmp_path / "home", tmp_path / "prefix"
    home.mkdir()
    done = install(home, prefix)
    assert done.returncode == 0, done.stderr
    bindir = prefix / "bin"
    assert (bindir / "carereport").read_bytes() == binary.read_bytes()
    line = PATH_LINE.format(bindir)
    assert (home / ".profile").read_text().count(line) == 1
    assert (home / ".bashrc").read_text().count(line) == 1
    assert f"added {bindir} to the PATH in ~/.profile ~/.bashrc" in done.stdout
    assert done.stdout.rstrip().endswith("a new shell finds it: open one and try\n  carereport validate sample-data")
    for flag in ("-l", "-i"):
        found = new_shell(home, flag, "command -v carereport")
        assert found.stdout.strip().splitlines()[-1] == str(bindir / "carereport"), (flag, found.stderr)
        ran = new_shell(home, flag, f"cd {ROOT} && carereport validate sample-data")
        assert ran.returncode == 0, (flag, ran.stdout, ran.stderr)


def test_the_path_line_is_added_once(binary, tmp_path):
    home, prefix = tmp_path / "home", tmp_path / "prefix"
    home.mkdir()
    (home / ".profile").write_text("# the user's own\n")
    assert install(home, prefix).returncode == 0
    again = install(home, prefix)
    assert again.returncode == 0, again.stderr
    assert "to the PATH in" not in again.stdout
    line = PATH_LINE.format(prefix / "bin")
    assert (home / ".profile").read_text() == f"# the user's own\n\n{line}\n"
    assert (home / ".bashrc").read_text() == f"\n{line}\n"


def test_bash_profile_gets_the_line_when_bash_reads_it_instead_of_profile(binary, tmp_path):
    home, prefix = tmp_path / "home", tmp_path / "prefix"
    home.mkdir()
    (home / ".bash_profile").write_text("# bash reads me, not ~/.profile\n")
    done = install(home, prefix)
    assert done.returncode == 0, done.stderr
    assert "~/.bash_profile" in done.stdout
    found = new_shell(home, "-l", "command -v carereport")
    assert found.stdout.strip().splitlines()[-1] == str(prefix / "bin" / "carereport")
