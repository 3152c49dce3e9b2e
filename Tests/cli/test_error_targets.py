"""Issue 17 item 5: errors that point at the right thing and say the fix."""
import os
import shutil
import subprocess

import pytest

from conftest import ROOT

SAMPLE = ROOT / "sample-data"
NOW = ["--now", "2025-04-18T18:00:00-07:00"]
NOBODY = 65534


def run(*args, as_nobody=False):
    binary = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
    prefix = []
    if as_nobody:
        if os.geteuid() != 0 or not shutil.which("setpriv"):
            pytest.skip("needs root and setpriv to run as another user")
        prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    return subprocess.run(prefix + [str(binary), *map(str, args)], capture_output=True, text=True, cwd=ROOT)


def world_readable_tmp(tmp_path):
    for parent in [tmp_path, *tmp_path.parents]:
        if parent == pathlib_root(tmp_path):
            break
        os.chmod(parent, os.stat(parent).st_mode | 0o005)
    return tmp_path


def pathlib_root(path):
    return path.parents[len(path.parents) - 1]


def test_one_file_of_a_folder_export_says_pass_the_folder(tmp_path):
    never = tmp_path / "never"
    for command in (["validate", SAMPLE / "users.json", "--strict"], ["build", SAMPLE / "users.json", "--out", never, "--viewer", "u-ellen"]):
        result = run(*command)
        assert result.returncode == 64, result.stderr
        assert "one file of an export in the folder form" in result.stderr and f"pass the folder instead: {SAMPLE}" in result.stderr
        assert "holds no care circle" not in result.stderr
    assert not never.exists(), "nothing is written"


def test_out_naming_a_file_says_it_is_a_file(tmp_path):
    file = tmp_path / "README.md"
    file.write_text("mine", encoding="utf-8")
    result = run("build", SAMPLE, "--out", file, "--viewer", "u-ellen", *NOW)
    assert result.returncode == 73 and file.read_text(encoding="utf-8") == "mine"
    assert "is a file, not a folder" in result.stderr and "did not write" not in result.stderr
    folder = run("visit", SAMPLE, "--viewer", "u-ellen", *NOW, "--out", tmp_path)
    assert folder.returncode == 73 and "is a folder; --out takes the file to write" in folder.stderr


def test_owning_out_but_not_its_parent_names_the_parent(tmp_path):
    world_readable_tmp(tmp_path)
    parent = tmp_path / "srv"
    (parent / "site").mkdir(parents=True)
    os.chown(parent / "site", NOBODY, NOBODY) if os.geteuid() == 0 else None
    os.chmod(parent, 0o755)
    result = run("build", SAMPLE, "--out", parent / "site", "--viewer", "u-ellen", *NOW, as_nobody=True)
    assert result.returncode == 73
    assert result.stderr.startswith(f"{parent}: error: cannot write site here: the folder is not writable by this user")
    assert "this folder (not only site) must be writable" in result.stderr
    assert ".carereport-new" not in result.stderr


def test_generate_into_a_read_only_folder_says_so_in_words(tmp_path):
    world_readable_tmp(tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o555)
    result = run("generate", "--circles", "1", "--weeks", "1", "--out", locked / "export", as_nobody=True)
    assert result.returncode == 73
    assert f"{locked} is not writable by this user" in result.stderr
    assert "NSCocoaErrorDomain" not in result.stderr and "Code=" not in result.stderr
