"""make bench's side-by-side table (scripts/bench.sh, scripts/bench-side.sh) in a tiny mode: a 2-circle,
1-week export, the binary under test as both the "previous" and the "current" binary (BENCH_BIN and
BENCH_BASELINE_BIN, so nothing is built): the table has its rows and columns and every output is
identical; a "current" binary that changes one byte of one digest makes the row say NO, names the
file and makes the script exit 1; the baseline build explains a commit this clone does not have."""
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT

BIN = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
TOOLS = ("bash", "python3", "awk", "df", "find", "realpath", "mktemp", "cmp", "git")
HEADER = ("| previous release beside current: command | circles × weeks | previous s | current s | speed-up "
          "| previous peak MB | current peak MB | MB written | files | identical |")

missing = [tool for tool in TOOLS if shutil.which(tool) is None]
pytestmark = [
    pytest.mark.skipif(bool(missing), reason=f"scripts/bench.sh needs {', '.join(missing)}, not installed here"),
    pytest.mark.skipif(not pathlib.Path("/proc/self/status").exists(),
                       reason="scripts/peak-memory.py reads /proc/PID/status, which this system does not have"),
]


def bench(tmp_path, current, **env):
    if not BIN.exists():
        pytest.fail(f"{BIN} is missing: run swift build first")
    environment = dict(os.environ, BENCH_SCALE="2x1", BENCH_BIN=str(current), BENCH_BASELINE_BIN=str(BIN),
                       BENCH_DIR=str(tmp_path / "bench"), BENCH_RENDER_OUT=str(tmp_path), **env)
    for name in ("BENCH_TABLES", "BENCH_SIDE_COMMANDS", "BENCH_OUT", "BENCH_DATA"):
        if name not in env:
            environment.pop(name, None)
    return subprocess.run([str(ROOT / "scripts/bench.sh")], capture_output=True, text=True, env=environment,
                          cwd=ROOT, timeout=120)


def cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def test_side_by_side_table_of_the_same_binary_is_identical(tmp_path):
    result = bench(tmp_path, BIN)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert HEADER in lines
    rows = {cells(line)[0]: cells(line) for line in lines if line.startswith(("| validate |", "| digest --all-members |",
                                                                              "| build --all-members | 2 × 1"))}
    assert set(rows) == {"validate", "digest --all-members", "build --all-members"}, result.stdout
    for name, row in rows.items():
        assert len(row) == 10, row
        assert row[1] == "2 × 1"
        assert float(row[2]) >= 0 and float(row[3]) >= 0 and float(row[5]) > 0 and float(row[6]) > 0, row
        assert row[4].endswith("x") or row[4] == "–", row
        assert row[9] == "yes", row
    assert int(rows["digest --all-members"][8]) > 0 and int(rows["build --all-members"][8]) > 0
    # Neither target's size is in this run: the ratios say so instead of dividing made-up figures.
    assert result.stdout.count("not measured (BENCH_SCALE needs that size") == 2
    # The identity checks beyond the table: two more digest formats at the first size, the sample's
    # build and its digests in three formats, all identical.
    checks = [cells(line) for line in lines if line.startswith("| digest --all-members --format")
              or line.startswith("| build --all-members | sample-data")]
    assert [(row[0], row[1]) for row in checks] == [
        ("digest --all-members --format html", "2 × 1"), ("digest --all-members --format email", "2 × 1"),
        ("build --all-members", "sample-data"), ("digest --all-members --format markdown", "sample-data"),
        ("digest --all-members --format html", "sample-data"), ("digest --all-members --format email", "sample-data")]
    assert all(row[7] == "yes" and int(row[6]) > 0 for row in checks), checks
    assert "Outputs that differ" not in result.stdout
    # Nothing left behind in the output folder.
    assert not list(tmp_path.glob("carereport-out.*"))


def test_a_changed_byte_makes_the_row_say_no_and_the_bench_fail(tmp_path):
    changed = tmp_path / "changed-carereport"
    changed.write_text(f"""#!/usr/bin/env bash
# The binary under test, but its digests of circle g2's organizer end in one more newline.
"{BIN}" "$@"
status=$?
if [ "$1" = digest ]; then
  for ((i = 1; i <= $#; i++)); do
    if [ "${{!i}}" = --out ]; then j=$((i + 1)); echo >>"${{!j}}/g2-u4.md"; fi
  done
fi
exit $status
""")
    changed.chmod(0o755)
    result = bench(tmp_path, changed, BENCH_SIDE_COMMANDS="digest", BENCH_SIDE_EXTRA="0")
    assert result.returncode == 1, result.stdout + result.stderr
    row = next(cells(line) for line in result.stdout.splitlines() if line.startswith("| digest --all-members |"))
    assert row[9] == "NO", row
    assert "**Outputs that differ** (make bench exits 1):" in result.stdout
    assert "g2-u4.md" in result.stdout.split("Outputs that differ", 1)[1]
    assert "| byte identity, further outputs" not in result.stdout


def test_a_baseline_commit_missing_from_the_clone_says_how_to_fetch_it(tmp_path):
    environment = dict(os.environ, BENCH_BASELINE_COMMIT="0" * 40)
    environment.pop("BENCH_BASELINE_BIN", None)
    result = subprocess.run([str(ROOT / "scripts/bench-baseline.sh")], capture_output=True, text=True,
                            env=environment, cwd=ROOT, timeout=60)
    assert result.returncode == 66, result.stderr
    assert result.stdout == ""
    assert f"the baseline commit {'0' * 40} (bench/baseline) is not in this clone" in result.stderr
    assert "git fetch" in result.stderr and "BENCH_BASELINE_BIN" in result.stderr
