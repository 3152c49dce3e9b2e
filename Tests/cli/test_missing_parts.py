"""A folder export lacking one of its files says so once, naming the file, on every command; a
trailing comma is called one at the comma; a viewer given by name is pointed to the id; --version
names the commit."""

import re
import shutil

import pytest

NOW = "2025-04-18T18:00:00-07:00"


@pytest.fixture
def without(tmp_path, sample):
    def copy(*names):
        folder = tmp_path / "export"
        shutil.copytree(sample, folder)
        for name in names:
            (folder / name).unlink()
        return folder
    return copy


@pytest.mark.parametrize("name, message", [
    ("users.json", "users.json is missing: members will show as unknown"),
    ("health.json", "health.json is missing: medicines, allergies, readings and results will show as not recorded"),
])
def test_a_missing_file_is_named_once_on_every_command(carereport, without, tmp_path, name, message):
    folder = without(name)
    runs = {
        "validate": carereport("validate", folder),
        "build": carereport("build", folder, "--out", tmp_path / "site", "--viewer", "u-ellen", "--circle", "circle-margaret", "--now", NOW),
        "build of every circle": carereport("build", folder, "--out", tmp_path / "all", "--viewer", "u-rosa", "--now", NOW),
        "visit": carereport("visit", folder, "--viewer", "u-ellen", "--out", tmp_path / "visit.html", "--now", NOW),
        "digest": carereport("digest", folder, "--viewer", "u-ellen", "--week", "last", "--now", NOW),
    }
    for command, run in runs.items():
        assert run.returncode == 0, (command, run.stderr)
        assert run.stderr.count(message) == 1, (command, run.stderr)
        assert "unknown member" not in run.stderr, (command, run.stderr)


def test_without_circles_one_error_names_the_file(carereport, without, tmp_path):
    folder = without("circles.json")
    run = carereport("validate", folder)
    assert run.returncode == 65
    errors = [line for line in run.stderr.splitlines() if ": error: " in line]
    assert errors == [f"{folder}: error: circles.json is missing: no task, health record or update can be placed in a circle"]
    build = carereport("build", folder, "--out", tmp_path / "site", "--viewer", "u-ellen", "--now", NOW)
    assert build.returncode == 65 and "circles.json is missing" in build.stderr
    assert not (tmp_path / "site").exists()


def test_a_complete_export_names_nothing_missing(carereport, sample):
    run = carereport("validate", sample)
    assert run.returncode == 0 and "is missing" not in run.stderr


def test_a_trailing_comma_is_named_at_the_comma(carereport, tmp_path):
    for text, line, column, closing in [
        ('{\n  "format": "caresupport-export",\n  "users": [\n    {"id": "u-a"},\n  ]\n}\n', 4, 18, "]"),
        ('{\n  "format": "caresupport-export",\n  "version": 1,\n}\n', 3, 15, "}"),
    ]:
        path = tmp_path / "comma.json"
        path.write_text(text)
        run = carereport("validate", path)
        assert run.returncode == 65
        assert f"comma.json:{line}:{column}: error: trailing comma before '{closing}'" in run.stderr, run.stderr


@pytest.mark.parametrize("name", ["Ellen Park", "ellen  park", "Ellen"])
def test_a_viewer_given_by_name_is_pointed_to_the_id(carereport, sample, tmp_path, name):
    run = carereport("build", sample, "--out", tmp_path / "site", "--viewer", name, "--now", NOW)
    assert run.returncode == 67
    assert "did you mean --viewer u-ellen?" in run.stderr


def test_version_names_the_commit_or_says_it_was_not_recorded(carereport):
    run = carereport("--version")
    assert run.returncode == 0
    assert re.fullmatch(r"\d+\.\d+\.\d+ \((commit [0-9a-f]{7,40}(\+changes)?|commit not recorded: built without make)\)\n", run.stdout)
