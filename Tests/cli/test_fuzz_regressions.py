"""Every input the fuzzers found (Tests/fuzz-regressions/TARGET/) replayed through the same target,
built without the fuzzer: each must run without tripping an invariant."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
REPLAYER = ROOT / os.environ.get("CAREREPORT_FUZZ_BIN", ".build/debug/carereport-fuzz")
CASES = sorted((ROOT / "Tests" / "fuzz-regressions").glob("*/*"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fuzz_finding_replays_cleanly(case, tmp_path):
    assert REPLAYER.exists(), f"{REPLAYER} is missing: run swift build first"
    result = subprocess.run([str(REPLAYER), str(case)], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "CAREREPORT_FUZZ": case.parent.name, "TMPDIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().endswith(": ok")


def test_there_are_regressions_for_every_target():
    assert {case.parent.name for case in CASES} == {"escaping", "ingest", "ccda", "zip", "template"}


# Issue 32's output cases among the seeds: archive names in UTF-8 and CP437, tar archives, names with
# control and bidi characters or that leave the archive; control characters and hostile links in text.
# The number is how many entries of the seed hold its one document (each a copy of the same bytes).
OUTPUT_SEEDS = {"zip/utf8-names.zip": 2, "zip/cp437-names.zip": 1, "zip/documents.tar": 3, "zip/documents.tgz": 3,
                "zip/hostile-names.zip": 3}


def test_the_output_case_seeds_are_there():
    names = {f"{case.parent.name}/{case.name}" for case in CASES}
    assert set(OUTPUT_SEEDS) | {"escaping/control-characters", "escaping/hostile-links"} <= names


@pytest.mark.parametrize("seed, documents", sorted(OUTPUT_SEEDS.items()))
def test_the_archive_seeds_are_read_by_their_real_names(seed, documents):
    """Each archive seed is read as it would be in use: every entry inside the archive looked at, its
    one document imported once (the copies under other names are named and skipped, issue 41), the
    entries that climb out refused, and no control or bidi character of a name printed."""
    binary = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
    result = subprocess.run([str(binary), "validate", str(ROOT / "Tests" / "fuzz-regressions" / seed)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "imported from 1 clinical document" in result.stdout, result.stdout
    assert result.stderr.count("the entry holds the same bytes as") == documents - 1, result.stderr
    for char in ("\x07", "\x1b", "\u202e", "\u2066", "\x85"):
        assert char not in result.stderr + result.stdout
    if "hostile" in seed or "documents" in seed:
        assert "leads outside the archive" in result.stderr
    if "utf8" in seed or "cp437" in seed or "documents" in seed:
        assert "Befund-Müller.json" in result.stderr
