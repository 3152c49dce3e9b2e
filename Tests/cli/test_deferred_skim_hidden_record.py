"""Issue 34: a miscount of LineSkim undone elsewhere in the same run is caught (`CircleRun.digest`).

A record that starts a line with `{` and ends it with `}` or `},` need not end where the line does: a
line feed may stand between any two tokens of a record. So one line can hold two records (the skim sees
one) while another record is spread over two lines whose second line is a nested object that looks like
a record (the skim sees two). Within one circle's run the two mistakes cancel out: the run holds as many
records as the skim counted and its last one ends exactly where the skim said (`CircleRun.end`), so the
circle's reading passes. The record the skim never saw was never indexed by its id: a repeated id or an
unusable id in it, an error when checking first ("nothing was written", exit 65), goes unsaid, and the
deferred run writes every digest with exit status 0, the hidden record in them.

Every outcome of the deferred run must be what checking first gives (CAREREPORT_DEFER_CHECKS=0).
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT

NOW = "2025-04-20T22:00:00-07:00"
BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")


def tree(root: pathlib.Path) -> dict:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def digest(export, place: pathlib.Path, deferred: bool):
    out = place / "digests"
    env = dict(os.environ, CAREREPORT_DEFER_CHECKS="1" if deferred else "0")
    env.pop("CAREREPORT_STATS", None)
    args = ["digest", export, "--all-members", "--week", "2025-W16", "--now", NOW, "--out", out]
    result = subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True, env=env)
    return result.returncode, result.stderr.replace(str(out), "OUT").splitlines(), tree(out) if out.exists() else None


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("skim-hidden") / "export"
    subprocess.run(
        [str(BINARY), "generate", "--circles", "3", "--weeks", "2", "--seed", "4", "--out", str(folder)],
        check=True, capture_output=True)
    return folder


def compact(record) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def with_hidden_task(generated, tmp_path, hidden_id) -> pathlib.Path:
    """g1's first two tasks A and B (next to each other, one per line) become three lines:
    `A,H,` (a hidden task H on A's line), `B` opened with `"extra":[{"k":1},` and
    `{"id":"looks-like-a-task","careCircleId":"g1"}]},` (B's end, looking like a record of g1).
    Valid JSON: A, H, B. The skim sees A, B, looks-like-a-task: as many, ending where B ends."""
    folder = tmp_path / "export"
    shutil.copytree(generated, folder)
    path = folder / "tasks.json"
    lines = path.read_text(encoding="utf-8").split("\n")
    g1 = [(i, json.loads(line.rstrip("]").rstrip(","))) for i, line in enumerate(lines)
          if line.startswith("{") and '"careCircleId":"g1"' in line]
    (a_line, a), (b_line, b) = g1[0], g1[1]
    assert b_line == a_line + 1
    hidden = dict(a, id=hidden_id, title="A TASK THE SKIM NEVER SAW")
    lines[a_line] = compact(a) + "," + compact(hidden) + ","
    lines[b_line] = compact(b)[:-1] + ',"extra":[{"k":1},'
    lines.insert(b_line + 1, '{"id":"looks-like-a-task","careCircleId":"g1"}]},')
    path.write_text("\n".join(lines), encoding="utf-8")
    tasks = json.loads(path.read_text(encoding="utf-8"))
    assert [t["id"] for t in tasks].count(hidden_id) >= 1 and "looks-like-a-task" not in [t["id"] for t in tasks]
    return folder


@pytest.mark.parametrize("problem, hidden_id", [
    ("a repeated id of the same circle", "g1-t-000001"),
    ("a repeated id of another circle", "g2-t-000001"),
    ("an unusable id", "../g1-t-x"),
])
def test_a_record_hidden_from_the_skim_is_reported_as_checking_first_reports_it(generated, tmp_path, problem, hidden_id):
    export = with_hidden_task(generated, tmp_path, hidden_id)
    validate = subprocess.run([str(BINARY), "validate", str(export)], capture_output=True, text=True)
    assert ": error: at tasks[" in validate.stderr, (problem, validate.stderr)
    checked = digest(export, tmp_path / "checked", deferred=False)
    assert checked[0] == 65 and checked[2] is None, problem
    assert checked[1][-1].endswith("nothing was written"), problem
    deferred = digest(export, tmp_path / "deferred", deferred=True)
    assert deferred == checked, problem


def test_a_hidden_repeated_id_never_shows_one_readers_restricted_record_to_another(generated, tmp_path):
    """Two caregivers who see the same records share one digest (ViewKey: the ids they see). With a
    restricted note for the first and, hidden from the skim on the same line, a restricted note with
    the same id for the second, both see "the same ids": the second gets the first's digest, with the
    first's restricted note in it. Checking first refuses the export (a repeated id)."""
    folder = tmp_path / "export"
    shutil.copytree(generated, folder)
    users_doc = json.loads((folder / "users.json").read_text(encoding="utf-8"))
    users = users_doc["data"] if isinstance(users_doc, dict) else users_doc
    circles = json.loads((folder / "circles.json").read_text(encoding="utf-8"))
    circles = circles["data"] if isinstance(circles, dict) else circles
    model = next(u for u in users if u["id"] == "g1-u3")
    g1 = next(c for c in circles if c["id"] == "g1")
    member = next(m for m in g1["members"] if m["userId"] == "g1-u3")
    for user_id, first in (("g1-u9", "Nina"), ("g1-u10", "Omar")):
        users.append(dict(json.loads(json.dumps(model)), id=user_id, firstName=first, email=f"{user_id}@example.org"))
        g1["members"].append(dict(member, userId=user_id))
    (folder / "users.json").write_text(json.dumps({"data": users}), encoding="utf-8")
    (folder / "circles.json").write_text(json.dumps(circles), encoding="utf-8")
    path = folder / "health.json"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith('{"id":"g1-hr-000054"'))
    note = json.loads(lines[at].rstrip(","))
    following = json.loads(lines[at + 1].rstrip("]").rstrip(","))
    assert following["careCircleId"] == "g1" and lines[at + 1].endswith(",")
    note["visibleTo"] = ["g1-u9"]
    note["title"] = "FOR NINA ONLY"
    hidden = dict(json.loads(json.dumps(note)), visibleTo=["g1-u10"], title="FOR OMAR ONLY")
    lines[at] = compact(note) + "," + compact(hidden) + ","
    lines[at + 1] = compact(following)[:-1] + ',"extra":[{"k":1},'
    lines.insert(at + 2, '{"id":"g1-looks-like-a-record","careCircleId":"g1"}]},')
    path.write_text("\n".join(lines), encoding="utf-8")
    json.loads(path.read_text(encoding="utf-8"))

    checked = digest(folder, tmp_path / "checked", deferred=False)
    assert checked[0] == 65 and checked[2] is None
    status, _, files = digest(folder, tmp_path / "deferred", deferred=True)
    if files is not None:
        assert b"FOR NINA ONLY" not in files.get("g1-u10.md", b""), "Omar's digest shows a note restricted to Nina"
    assert (status, files) == (checked[0], checked[2])
