"""Issue 17 item 7: the man page. swift-argument-parser's generate-manual writes it from the help
text; scripts/man-page.py (run by `make install`) gives it the form mdoc wants. The page lints
clean (mandoc at warning level, groff -ww), loses no character of the help (the generator drops
every non-ASCII one: "H1…H7" became "H1H7"), and its EXIT STATUS lists every code carereport
exits with, each with its meaning."""
import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")


def skip_unless(condition, message):
    if condition:
        return
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(f"{message} (CI is set, so a missing tool is a failure)")
    pytest.skip(message)


def built_generators():
    """The generator as `swift package generate-manual` builds it (generate-manual-tool) or as
    `swift build --product generate-manual` does on a fresh clone (generate-manual)."""
    found = []
    for name in ("generate-manual-tool", "generate-manual"):
        found += [path for path in sorted(ROOT.glob(f".build/*/debug/{name}")) + sorted(ROOT.glob(f".build/debug/{name}")) if path.is_file()]
    return found


def generator():
    """The generate-manual tool swift-argument-parser builds (built here when missing)."""
    found = built_generators()
    if not found:
        skip_unless(shutil.which("swift"), "swift is needed to build generate-manual")
        subprocess.run(["swift", "build", "--product", "generate-manual"], cwd=ROOT, check=True, capture_output=True, timeout=1800)
        found = built_generators()
    assert found, "swift build --product generate-manual wrote no generate-manual tool"
    return found[0]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("man")
    subprocess.run([str(generator()), str(BINARY), "--date", "2025-04-18", "--output-directory", str(folder)], check=True, timeout=300)
    fixed = subprocess.run(
        ["python3", str(ROOT / "scripts" / "man-page.py"), str(folder / "carereport.1")], capture_output=True, text=True, timeout=60)
    assert fixed.returncode == 0, fixed.stderr
    path = folder / "fixed.1"
    path.write_text(fixed.stdout, encoding="utf-8")
    return path


def test_the_page_lints_clean(page):
    skip_unless(shutil.which("mandoc"), "mandoc is needed (scripts/setup-machine.sh test installs it)")
    lint = subprocess.run(["mandoc", "-T", "lint", "-W", "warning", str(page)], capture_output=True, text=True)
    assert lint.stdout + lint.stderr == "", lint.stdout + lint.stderr
    skip_unless(shutil.which("groff"), "groff is needed")
    groff = subprocess.run(["groff", "-mandoc", "-ww", "-z", str(page)], capture_output=True, text=True)
    assert groff.stderr == "", groff.stderr


def exit_codes_in_the_sources():
    codes = {0}
    for path in (ROOT / "Sources").rglob("*.swift"):
        text = path.read_text(encoding="utf-8")
        codes |= {int(code) for code in re.findall(r"ExitCode\((\d+)\)|\bexit\((\d+)\)", text) for code in code if code}
        if "var exitCode: Int32" in text:
            codes |= {int(code) for code in re.findall(r"(?:return|:)\s*(6\d|7\d)\b", text)}
    return codes


def test_exit_status_lists_every_code_with_its_meaning(page):
    text = page.read_text(encoding="utf-8")
    section = text[text.index('.Sh "EXIT STATUS"'):]
    items = re.findall(r"^\.It (\d+)\n([^.\n][^\n]*)", section, re.M)
    listed = {int(code): meaning for code, meaning in items}
    documented = {int(code) for code in re.findall(r"^\| (\d+) \|", (ROOT / "docs" / "export-format.md").read_text(encoding="utf-8"), re.M)}
    assert documented and set(listed) == documented, (sorted(listed), sorted(documented))
    assert exit_codes_in_the_sources() <= set(listed), sorted(exit_codes_in_the_sources() - set(listed))
    assert all(len(meaning.split()) >= 1 for meaning in listed.values())
    assert "internal error" in listed[70].lower() and "cannot be written" in listed[73]


def test_no_character_of_the_help_is_dropped():
    dump = json.loads(subprocess.run([str(BINARY), "--experimental-dump-help"], capture_output=True, text=True, check=True).stdout)
    dropped = []

    def walk(command, path):
        for item in [command, *(command.get("arguments") or [])]:
            for key in ("abstract", "discussion"):
                value = item.get(key) or ""
                dropped.extend(f"{path}: {match}" for match in re.findall(r".{0,15}[^\x00-\x7f].{0,15}", value))
        for sub in command.get("subcommands") or []:
            walk(sub, f"{path} {sub['commandName']}")

    walk(dump["command"], "carereport")
    assert not dropped, dropped
