import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The installation's id key of every run the tests start (docs/privacy.md): fixed, so calendar UIDs,
# feed ids and attachment names are the same bytes in every run, and no key file is made in the home
# folder of whoever runs the tests. Tests of the key itself set their own environment.
os.environ.setdefault("CAREREPORT_ID_KEY", "carereport's test key, never an installation's")


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
