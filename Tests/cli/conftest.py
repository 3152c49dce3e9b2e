import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def carereport():
    binary = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
    if not binary.exists():
        pytest.fail(f"{binary} is missing: run swift build first")

    def run(*args, input=None, cwd=ROOT):
        return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, input=input, cwd=cwd)

    return run


@pytest.fixture(scope="session")
def sample():
    return ROOT / "sample-data"
