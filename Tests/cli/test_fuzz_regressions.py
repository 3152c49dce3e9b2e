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
