"""Every `$ carereport …` console block of the README runs, in order, in a scratch folder laid out
as the repository's (its folders and files, out/ its own), and prints what the README shows (cram
style: a line that is only `…` stands for any number of lines). A README example can never go stale,
nor name a file where a reader who runs it from the repository's folder has none."""

import os
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
ELIDED = "…"


def console_blocks(text):
    """The README's ```console blocks that run carereport, each as a list of (command, expected lines)."""
    blocks = []
    for match in re.finditer(r"^( *)```console\n(.*?)^\1```", text, re.S | re.M):
        indent = len(match.group(1))
        lines = [line[indent:] for line in match.group(2).splitlines()]
        steps = []
        for line in lines:
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
        steps = [(command, trim(expected)) for command, expected in steps]
        if any(command.startswith("carereport ") for command, _ in steps):
            blocks.append((text.count("\n", 0, match.start()) + 1, steps))
    return blocks


def trim(lines):
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def matches(expected, actual):
    """Whether `actual` lines are `expected`, where a line `…` stands for zero or more lines."""
    if not expected:
        return not actual
    if expected[0] == ELIDED:
        return any(matches(expected[1:], actual[start:]) for start in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def test_console_blocks_are_found():
    blocks = console_blocks(README.read_text())
    commands = [command for _, steps in blocks for command, _ in steps]
    assert len(blocks) >= 6, "the README's console blocks were not found"
    assert any(command.startswith("carereport validate examples/broken.json") for command in commands)
    for _, steps in blocks:
        for command, _ in steps:
            assert "~/" not in command, f"a README console block names a file nobody has: {command}"


def test_matching_is_cram_style():
    assert matches(["a", ELIDED, "d"], ["a", "b", "c", "d"])
    assert matches(["a", ELIDED], ["a"])
    assert not matches(["a", "d"], ["a", "b", "d"])
    assert not matches(["a"], ["a", "b"])


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A folder like the repository's (each of its entries, but out/ and hidden ones), and carereport on the PATH."""
    binary = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
    if not binary.exists():
        pytest.fail(f"{binary} is missing: run swift build first")
    folder = tmp_path_factory.mktemp("readme")
    for entry in sorted(ROOT.iterdir()):
        if not entry.name.startswith(".") and entry.name != "out":
            (folder / entry.name).symlink_to(entry)
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    (bin_dir / "carereport").symlink_to(binary)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", LC_ALL="C.UTF-8")
    env.pop("SOURCE_DATE_EPOCH", None)
    return folder, env


def test_every_console_block_prints_what_the_readme_shows(scratch):
    folder, env = scratch
    failures = []
    for line_number, steps in console_blocks(README.read_text()):
        for command, expected in steps:
            run = subprocess.run(
                ["bash", "-c", command], cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
            actual = trim(run.stdout.splitlines())
            if not matches(expected, actual):
                failures.append(
                    f"README.md:{line_number}: $ {command}\n--- shown\n" + "\n".join(expected) + "\n--- printed\n" + "\n".join(actual))
    assert not failures, "\n\n".join(failures)
