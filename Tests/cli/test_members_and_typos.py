"""Issue 17 item 3: a path from the demo to your own export, and mistakes that name the valid choices."""
import json
import os
import subprocess

from conftest import ROOT

SAMPLE = ROOT / "sample-data"


def run_carereport(*args):
    binary = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, cwd=ROOT)


def test_members_lists_circles_and_members_with_ids_and_roles():
    result = run_carereport("members", SAMPLE)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["circle-margaret", "Margaret's", "care", "circle"]
    assert lines[1].split() == ["u-margaret", "Margaret", "Ashworth", "careRecipient", "active"]
    assert ["u-frank", "Frank", "Okafor", "supporter", "active"] in [line.split() for line in lines]
    assert ["u-tom", "Tom", "Ashworth", "supporter", "pending"] in [line.split() for line in lines]
    assert "circle-walter  Walter's circle" in result.stdout
    data = json.loads(run_carereport("members", SAMPLE, "--circle", "circle-walter", "--format", "json").stdout)
    assert [circle["id"] for circle in data] == ["circle-walter"]
    assert {"userId": "u-rosa", "name": "Rosa Delgado", "roles": ["caregiver"], "status": "active",
            "alsoIn": [{"circle": "circle-margaret", "roles": ["supporter"], "status": "active"}]} in data[0]["members"]
    assert {"userId": "u-walter", "name": "Walter Delgado", "roles": ["careRecipient"], "status": "active", "alsoIn": []} in data[0]["members"]


def test_members_shows_each_persons_circles_and_roles():
    """Issue 23: a person in several circles is listed with every circle and their role there."""
    lines = run_carereport("members", SAMPLE).stdout.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("people in several circles"))
    people = [line.split(None, 3) for line in lines[start + 1:]]
    assert people == [["u-rosa", "Rosa", "Delgado", "circle-margaret supporter active; circle-walter caregiver active"]]


def test_a_mistyped_viewer_names_the_circle_and_the_valid_ids(tmp_path):
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-elen", "--circle", "circle-margaret")
    assert result.returncode == 67 and not (tmp_path / "site").exists()
    assert "not a member of circle-margaret (Margaret's care circle)" in result.stderr
    assert "did you mean --viewer u-ellen?" in result.stderr
    assert "u-margaret, u-ellen, u-david, u-sophie, u-rosa, u-frank" in result.stderr


def test_a_partial_circle_id_lists_the_circles():
    result = run_carereport("audit", SAMPLE, "--viewer", "u-ellen", "--circle", "margaret")
    assert result.returncode == 64
    assert "did you mean --circle circle-margaret?" in result.stderr
    assert "circle-margaret (Margaret's care circle), circle-walter (Walter's circle)" in result.stderr


def test_an_unknown_option_is_reported_first_with_a_suggestion(tmp_path):
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "site", "--viewr", "u-ellen")
    assert result.returncode == 64
    assert result.stderr.startswith("error: unknown option --viewr for carereport build; did you mean --viewer?")
    assert "choose who the output is for" not in result.stderr


def test_a_misspelt_command_names_the_typo_and_the_nearest_command(tmp_path):
    """Issue 41 item 9: not "Unknown option '--out'" (the parser's word for the first option after a typo)."""
    for args in (["biuld", SAMPLE, "--out", tmp_path / "site"], ["help", "biuld"]):
        result = run_carereport(*args)
        assert result.returncode == 64, result.stderr
        assert result.stderr.startswith("error: no command biuld; did you mean build? (commands: validate, members, audit, build,"), result.stderr
        assert "--out" not in result.stderr
    assert not (tmp_path / "site").exists()
    far = run_carereport("frobnicate", SAMPLE)
    assert far.returncode == 64 and far.stderr.startswith("error: no command frobnicate (commands: validate,"), far.stderr


def test_the_top_level_help_names_every_kind_of_input():
    """Issue 41 item 13: a portal's C-CDA or IPS file is read, and --help says so."""
    help_text = " ".join(run_carereport("--help").stdout.split())
    for kind in ("JSON export", "FHIR R4 bundles", "International Patient Summary", "C-CDA", ".zip", ".tar"):
        assert kind in help_text, kind


def test_audit_does_not_suggest_all_members_which_it_rejects():
    result = run_carereport("audit", SAMPLE)
    assert result.returncode == 64
    assert "--viewer ID or --role ROLE" in result.stderr
    assert "--all-members" not in result.stderr.split("Usage:")[0]


def test_readme_has_a_your_own_export_section():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Your own export" in text and "carereport members" in text
