"""Issue 34: an --all-members digest reads the export once.

The records of each circle are decoded and checked when that circle is read for its readers' digests,
not in a reading of their own first (DeferredChecks). Nothing is put in place before every record has
passed, and when anything is amiss the run is done again from an export checked first. So whatever
the export holds, every outcome must be what checking first gives (CAREREPORT_DEFER_CHECKS=0): the
exit status, every line on standard error, said once, and every file written, or none and no folder.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

NOW = "2025-04-20T22:00:00-07:00"
BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
FIRST = "records checked as their circles were read"
AGAIN = "records checked before any circle was read"


def tree(root: pathlib.Path) -> dict:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def digest(export, place: pathlib.Path, deferred: bool, *extra):
    """Exit status, standard error (without the stats lines), the files written (None: no folder), the stats."""
    out = place / "deep" / "digests"
    env = dict(os.environ, CAREREPORT_STATS="1", CAREREPORT_DEFER_CHECKS="1" if deferred else "0")
    args = ["digest", export, "--all-members", "--week", "2025-W15", "--now", NOW, "--out", out, *extra]
    result = subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True, env=env)
    said = result.stderr.replace(str(out), "OUT").splitlines()
    stats = [line for line in said if line.startswith("carereport: stats: ")]
    said = [line for line in said if not line.startswith("carereport: stats: ")]
    return result.returncode, said, tree(out) if out.exists() else None, (place / "deep").exists(), stats


def both_ways(export, tmp_path, *extra):
    deferred = digest(export, tmp_path / "deferred", True, *extra)
    checked = digest(export, tmp_path / "checked", False, *extra)
    assert deferred[:4] == checked[:4]
    return deferred


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """Seven circles, a care manager who organises five of them (a reader of several circles)."""
    folder = tmp_path_factory.mktemp("deferred") / "export"
    subprocess.run(
        [str(BINARY), "generate", "--circles", "7", "--weeks", "3", "--seed", "4", "--organizer-in", "5", "--out", str(folder)],
        check=True, capture_output=True)
    return folder


def edited(generated, tmp_path, file, pattern, replacement):
    folder = tmp_path / "export"
    shutil.copytree(generated, folder)
    text = (folder / file).read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, text, flags=re.MULTILINE)
    assert count > 0, pattern
    (folder / file).write_text(changed, encoding="utf-8")
    return folder


def test_a_clean_export_is_read_once_and_written_the_same(generated, tmp_path):
    for form in ("markdown", "email"):
        status, said, files, _, stats = both_ways(generated, tmp_path / form, "--format", form)
        assert status == 0 and len(files) > 7
        # (Some generated members have no usable address: their messages have no To header.)
        assert all("no valid e-mail address" in line for line in said) and (said != []) == (form == "email")
        assert stats[-1] == f"carereport: stats: {FIRST}"


def test_a_warning_in_a_record_is_said_once_before_the_digests_are_written(generated, tmp_path):
    export = edited(generated, tmp_path, "health.json", r'"visibleTo":\["g3-u2"', '"visibleTo":["g3-nobody"')
    status, said, files, _, stats = both_ways(export, tmp_path)
    assert status == 0 and files
    warnings = [line for line in said if "unknown user" in line]
    assert warnings and len(said) == len(set(said)), said
    assert stats[-1] == f"carereport: stats: {AGAIN}"
    # Under --strict the warning is an error: nothing is written, not even the folder.
    status, said, files, made, _ = both_ways(export, tmp_path / "strict", "--strict")
    assert status == 65 and files is None and not made
    assert said[-1].endswith("nothing was written")


@pytest.mark.parametrize("file, pattern, replacement", [
    ("health.json", r'("id":"g4-hr-000005"[^\n]*?"date":)"[^"]*"', r'\1"not-a-date"'),
    ("tasks.json", r'"id":"g5-t-000002"', '"id":"g2-t-000001"'),
    ("tasks.json", r'("id":"g6-t-000001"[^\n]*"careCircleId":)"g6"', r'\1"g99"'),
    ("tasks.json", r'("id":"g1-t-000003"[^\n]*"title":)"[^"]*"', r"\g<1>17"),
])
def test_an_error_in_a_record_writes_nothing_and_says_what_checking_first_says(generated, tmp_path, file, pattern, replacement):
    export = edited(generated, tmp_path, file, pattern, replacement)
    status, said, files, made, _ = both_ways(export, tmp_path)
    assert status == 65 and files is None and not made
    assert any(": error: at " in line for line in said)
    assert said[-1].endswith("nothing was written")


def test_a_circle_nobody_reads_is_checked_before_anything_is_written(generated, tmp_path):
    export = edited(generated, tmp_path, "health.json", r'("id":"g7-hr-000004"[^\n]*?"date":)"[^"]*"', r'\1"not-a-date"')
    circles = json.loads((export / "circles.json").read_text())
    for circle in circles if isinstance(circles, list) else circles["data"]:
        if circle["id"] == "g7":
            for member in circle["members"]:
                member["status"] = "removed"
    (export / "circles.json").write_text(json.dumps(circles))
    status, said, files, made, _ = both_ways(export, tmp_path)
    assert status == 65 and files is None and not made
    assert any("healthRecords[" in line and ".date" in line for line in said)


def test_a_template_mistake_and_a_record_error_give_what_checking_first_gives(generated, tmp_path):
    folder = tmp_path / "mine"
    subprocess.run([str(BINARY), "templates", str(folder)], check=True, capture_output=True)
    text = folder / "digest" / "text.mustache"
    text.write_text(text.read_text(encoding="utf-8").replace("{{recipientName}}", "{{recipientNme}}", 1), encoding="utf-8")
    clean = both_ways(generated, tmp_path / "clean", "--templates", folder)
    assert clean[0] == 65 and any("recipientNme" in line for line in clean[1])
    export = edited(generated, tmp_path, "health.json", r'("id":"g2-hr-000005"[^\n]*?"date":)"[^"]*"', r'\1"not-a-date"')
    broken = both_ways(export, tmp_path / "broken", "--templates", folder)
    assert broken[0] == 65 and not any("recipientNme" in line for line in broken[1])


def test_an_address_warning_is_said_once_when_the_run_is_done_again(generated, tmp_path):
    export = edited(generated, tmp_path, "health.json", r'"visibleTo":\["g2-u2"', '"visibleTo":["g2-nobody"')
    users = json.loads((export / "users.json").read_text())
    for user in users if isinstance(users, list) else users["data"]:
        if user["id"] == "g3-u2":
            user["email"] = "not an address"
    (export / "users.json").write_text(json.dumps(users))
    status, said, files, _, stats = both_ways(export, tmp_path, "--format", "email")
    assert status == 0 and files
    assert [line for line in said if "g3-u2 has no valid e-mail address" in line] == [
        "warning: g3-u2 has no valid e-mail address in the export; their message has no To header"]
    assert len(said) == len(set(said)), said  # each said once
    assert stats[-1] == f"carereport: stats: {AGAIN}"
