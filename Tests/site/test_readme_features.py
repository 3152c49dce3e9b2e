"""Issue 16: "README shows each in one command". The README's "Four things in one command each"
block is run as written, after the README's own build, and every output line it shows must be what
the command prints; the FHIR command must write a document bundle."""
import json
import re
import shutil
import subprocess

from conftest import ROOT, SAMPLE, binary, run_carereport

BUILD = ["build", "sample-data", "--out", "out/site", "--viewer", "u-ellen", "--circle", "circle-margaret",
         "--now", "2025-04-18T18:00:00-07:00"]


def feature_block():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Four things in one command each"):]
    return re.search(r"```console\n(.*?)```", section, re.S).group(1)


def commands(block):
    """(command, expected output lines) for each `$ ` line of the block."""
    found = []
    for line in block.splitlines():
        if line.startswith("$ "):
            found.append((line[2:], []))
        elif found:
            found[-1][1].append(line)
    return found


def test_the_readme_build_command_is_the_one_run_here():
    assert "carereport " + " ".join(BUILD) in (ROOT / "README.md").read_text(encoding="utf-8")


def test_each_feature_command_prints_what_the_readme_shows(tmp_path):
    shutil.copytree(SAMPLE, tmp_path / "sample-data")
    assert run_carereport(*BUILD, cwd=tmp_path).returncode == 0
    steps = commands(feature_block())
    assert len(steps) == 4, steps
    for command, expected in steps:
        command = re.sub(r"^carereport ", f"{binary()} ", command)
        result = subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, (command, result.stderr)
        assert result.stdout.splitlines() == expected, command
    bundle = json.loads((tmp_path / "out" / "visit.json").read_text(encoding="utf-8"))
    assert bundle["resourceType"] == "Bundle" and bundle["type"] == "document"
    assert bundle["entry"][0]["resource"]["resourceType"] == "Composition"
