"""Issue 34: an --all-members run works once per distinct view.

Readers of one circle who see exactly the same records (the privacy policy's outcomes, not the
role's name) share one computed digest, said for each of them; a reader who sees one restricted
record more or less is a view of their own. Every output must be the same bytes whether views are
shared or every reader's is built from scratch (CAREREPORT_SHARE_VIEWS=0), for every reader of the
sample, of the sample with two more caregivers, and of a generated export.
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT

NOW = "2025-04-18T18:00:00-07:00"
BINARY = ROOT / os.environ.get("CAREREPORT_BIN", ".build/debug/carereport")
CANARY = "Sharing canary: seen by Nora alone"


def tree(root: pathlib.Path) -> dict:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def run(args, share=True):
    env = dict(os.environ, CAREREPORT_STATS="1", CAREREPORT_SHARE_VIEWS="1" if share else "0")
    result = subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    return result.stderr


def stats(stderr: str) -> tuple:
    line = next(line for line in stderr.splitlines() if line.startswith("carereport: stats: "))
    words = line.split()
    return int(words[2]), int(words[4]), int(words[7])  # readers, views built, shared


def add_caregiver(folder: pathlib.Path, user_id: str, first: str, last: str):
    users = json.loads((folder / "users.json").read_text())
    users["data"].append({
        "id": user_id, "authId": f"auth0|{user_id}", "firstName": first, "lastName": last,
        "email": f"{user_id}@example.com",
        "roles": [{"type": "caregiver", "primary": False, "careCircleIds": ["circle-margaret"]}],
        "preferences": {"language": "en-US", "theme": "system", "accessibility": {"largeText": False}},
    })
    (folder / "users.json").write_text(json.dumps(users, indent=2))
    circles = json.loads((folder / "circles.json").read_text())
    circle = next(c for c in circles if c["id"] == "circle-margaret")
    circle["members"].append({
        "userId": user_id, "roles": ["caregiver"], "primaryCaregiver": False, "relationshipToRecipient": "nephew",
        "status": "active", "joinedAt": "2025-01-02T10:00:00-08:00",
    })
    (folder / "circles.json").write_text(json.dumps(circles, indent=2))


@pytest.fixture(scope="module")
def twins(tmp_path_factory):
    """The sample with two more caregivers of Margaret, Nora and Paul, who see exactly the same."""
    folder = tmp_path_factory.mktemp("twins") / "export"
    shutil.copytree(ROOT / "sample-data", folder)
    add_caregiver(folder, "u-nora", "Nora", "Quint")
    add_caregiver(folder, "u-paul", "Paul", "Rask")
    return folder


@pytest.fixture(scope="module")
def one_apart(twins, tmp_path_factory):
    """The twins' export with one restricted symptom in week 15 that names Nora alone."""
    folder = tmp_path_factory.mktemp("apart") / "export"
    shutil.copytree(twins, folder)
    health = json.loads((folder / "health.json").read_text())
    health.append({
        "id": "hr-sym-2025-04-12-canary", "type": "symptom", "title": CANARY, "date": "2025-04-12T09:00:00-07:00",
        "careRecipientId": "u-margaret", "careCircleId": "circle-margaret",
        "createdBy": {"userId": "u-ellen", "role": "caregiver"}, "createdAt": "2025-04-12T09:00:00-07:00",
        "privacyLevel": "restricted", "visibleTo": ["u-nora"],
        "data": {"name": CANARY, "severity": 3}, "attachments": [],
    })
    (folder / "health.json").write_text(json.dumps(health, indent=2))
    return folder


DIGESTS = [("markdown", "md"), ("html", "html"), ("email", "eml")]


@pytest.mark.parametrize("fmt,suffix", DIGESTS)
def test_twins_share_one_view_and_each_gets_their_own_name(twins, tmp_path, fmt, suffix):
    shared, alone = tmp_path / "shared", tmp_path / "alone"
    err = run(["digest", twins, "--all-members", "--format", fmt, "--week", "2025-W15", "--out", shared, "--now", NOW])
    readers, built, reused = stats(err)
    assert (readers, reused) == (11, 1), err  # Nora's and Paul's digest is built once
    assert built + reused == 10  # Rosa reads two circles: her digest is of its own kind
    run(["digest", twins, "--all-members", "--format", fmt, "--week", "2025-W15", "--out", alone, "--now", NOW], share=False)
    assert tree(shared) == tree(alone)
    nora = (shared / f"u-nora.{suffix}").read_text()
    paul = (shared / f"u-paul.{suffix}").read_text()
    assert "Nora Quint" in nora and "Nora Quint" not in paul
    assert "Paul Rask" in paul and "Paul Rask" not in nora


def test_one_visible_to_record_apart_is_a_view_of_its_own(one_apart, tmp_path):
    shared, alone = tmp_path / "shared", tmp_path / "alone"
    err = run(["digest", one_apart, "--all-members", "--week", "2025-W15", "--out", shared, "--now", NOW])
    assert stats(err)[2] == 0, err  # Nora sees one record more than Paul: nothing is shared
    run(["digest", one_apart, "--all-members", "--week", "2025-W15", "--out", alone, "--now", NOW], share=False)
    assert tree(shared) == tree(alone)
    assert CANARY in (shared / "u-nora.md").read_text()
    for name, text in tree(shared).items():
        if name not in ("u-nora.md", "u-margaret.md"):  # the care recipient sees every record (rule H2)
            assert CANARY.encode() not in text, name


@pytest.mark.parametrize("source", ["sample", "twins", "one_apart"])
def test_sites_are_the_same_bytes_either_way(source, twins, one_apart, tmp_path):
    export = {"sample": ROOT / "sample-data", "twins": twins, "one_apart": one_apart}[source]
    shared, alone = tmp_path / "shared", tmp_path / "alone"
    err = run(["build", export, "--all-members", "--out", shared, "--now", NOW])
    run(["build", export, "--all-members", "--out", alone, "--now", NOW], share=False)
    assert stats(err)[2] == (1 if source == "twins" else 0), err  # only Nora and Paul see exactly the same
    files = tree(shared)
    assert files == tree(alone)
    if source == "twins":
        nora, paul = files["u-nora/weeks/2025-W15.html"], files["u-paul/weeks/2025-W15.html"]
        assert b"Paul Rask" in paul and b"Nora Quint" not in paul
        assert b"Nora Quint" in nora and b"Paul Rask" not in nora
    if source == "one_apart":
        for name, text in tree(shared).items():
            if not name.startswith("u-nora/") and not name.startswith("u-margaret/"):
                assert CANARY.encode() not in text, name


def test_a_generated_export_is_the_same_bytes_either_way(tmp_path):
    export = tmp_path / "export"
    subprocess.run([str(BINARY), "generate", "--circles", "6", "--weeks", "8", "--seed", "5", "--out", export], check=True, capture_output=True)
    for fmt in ("markdown", "email"):
        shared, alone = tmp_path / f"{fmt}-shared", tmp_path / f"{fmt}-alone"
        run(["digest", export, "--all-members", "--format", fmt, "--week", "last", "--out", shared, "--now", NOW])
        run(["digest", export, "--all-members", "--format", fmt, "--week", "last", "--out", alone, "--now", NOW], share=False)
        assert tree(shared) == tree(alone)
        assert len(tree(shared)) == 36 + 1, "36 digests and the outbox's list of them"
    shared, alone = tmp_path / "site-shared", tmp_path / "site-alone"
    run(["build", export, "--all-members", "--circle", "g2", "--out", shared, "--now", NOW])
    run(["build", export, "--all-members", "--circle", "g2", "--out", alone, "--now", NOW], share=False)
    assert tree(shared) == tree(alone)
    assert len({name.split("/")[0] for name in tree(shared)}) == 6  # every active member of the circle
