"""Issue 17 item 7 (the parts done): help for an unknown command, visit to a terminal, --from after
--to, and file completion for INPUT, --out and --templates."""
import os
import shutil
import subprocess

import pytest

from conftest import ROOT

SAMPLE = ROOT / "sample-data"
BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")


def run(*args):
    return subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True, cwd=ROOT)


def test_help_for_an_unknown_command_is_a_usage_error():
    result = run("help", "bogus")
    assert result.returncode == 64 and "no command bogus" in result.stderr


def test_from_later_than_to_is_refused(tmp_path):
    result = run("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-ellen", "--from", "2025-04-01", "--to", "2025-03-01")
    assert result.returncode == 64 and "is later than --to" in result.stderr and not (tmp_path / "site").exists()


def test_visit_does_not_dump_html_to_a_terminal():
    if not shutil.which("script"):
        pytest.skip("script(1) is needed for a terminal")
    command = f"{BINARY} visit {SAMPLE} --viewer u-ellen --now 2025-04-18; echo rc=$?"
    result = subprocess.run(["script", "-qc", command, "/dev/null"], capture_output=True, text=True, cwd=ROOT)
    assert "<!DOCTYPE html>" not in result.stdout and "give --out FILE.html" in result.stdout and "rc=64" in result.stdout


def test_bash_completion_offers_files_and_folders():
    script = run("--generate-completion-script", "bash").stdout
    build = script[script.index("_carereport_build()"):]
    build = build[:build.index("\n}\n")]
    assert "'--out')\n        __carereport_add_completions -d" in build
    assert "'--templates')\n        __carereport_add_completions -d" in build
    assert "__carereport_add_completions -f" in build  # INPUT
