"""The digest outbox (issue 41 item 2): `digest --all-members --out DIR` removes only digests
carereport itself wrote there (the list `DIR/.carereport-outbox`), says on standard error what it
removed, and never touches another file, whatever its name: an export with users `README` and
`index` leaves the folder's own `README.md` and `index.html` alone."""
from conftest import NOW, SAMPLE, run_carereport
from test_security import copy_sample, edit, records as users


def digest_all(export, out, *extra):
    return run_carereport("digest", export, "--all-members", "--out", out, "--format", "email", "--now", NOW, *extra)


def with_users_named_like_the_folders_files(tmp_path):
    export = copy_sample(tmp_path)
    def add(data):
        template = next(user for user in users(data) if user["id"] == "u-linda")
        for name in ("README", "index"):
            users(data).append({**template, "id": name, "email": f"{name.lower()}@example.org"})
    edit(export / "users.json", add)
    return export


def test_files_carereport_did_not_write_are_never_removed(tmp_path):
    export = with_users_named_like_the_folders_files(tmp_path)
    assert run_carereport("validate", export).returncode == 0
    out = tmp_path / "outbox"
    out.mkdir()
    own = {"README.md": "the folder's readme", "index.html": "<p>the folder's index</p>", "index.eml": "a message",
           "u-linda.eml": "an earlier digest of someone else's program"}
    for name, text in own.items():
        (out / name).write_text(text)
    result = digest_all(export, out)
    assert result.returncode == 0, result.stderr
    assert "removed" not in result.stderr
    for name, text in own.items():
        assert (out / name).read_text() == text, f"{name} was not written by carereport and must stay as it was"
    again = digest_all(export, out)
    assert again.returncode == 0 and "removed" not in again.stderr, again.stderr
    assert all((out / name).read_text() == text for name, text in own.items())


def test_a_former_members_digest_carereport_wrote_is_removed_and_said(tmp_path):
    export = copy_sample(tmp_path)
    def reinstate(circles):
        for circle in circles:
            for member in circle["members"]:
                if member["userId"] == "u-linda":
                    member["status"] = "active"
    edit(export / "circles.json", reinstate)
    out = tmp_path / "outbox"
    first = digest_all(export, out)
    assert first.returncode == 0, first.stderr
    assert (out / "u-linda.eml").exists()
    (out / "u-linda.md").write_text("not carereport's")
    listed = (out / ".carereport-outbox").read_text().splitlines()
    assert "u-linda.eml" in listed and "u-frank.eml" in listed and "u-linda.md" not in listed
    later = digest_all(SAMPLE, out)  # u-linda was removed from the circle
    assert later.returncode == 0, later.stderr
    assert not (out / "u-linda.eml").exists()
    assert (out / "u-linda.md").read_text() == "not carereport's"
    said = [line for line in later.stderr.splitlines() if not line.startswith("warning: ")]
    assert said == [f"removed {out}/u-linda.eml: its reader is no longer an active member"]
    assert "u-linda.eml" not in (out / ".carereport-outbox").read_text().splitlines()


def test_shards_keep_lists_of_their_own(tmp_path):
    out = tmp_path / "outbox"
    for index in range(2):
        result = digest_all(SAMPLE, out, "--shard", f"{index}/2")
        assert result.returncode == 0, result.stderr
    lists = [set((out / f".carereport-outbox.{index}-of-2").read_text().splitlines()[1:]) for index in range(2)]
    assert lists[0] and lists[1] and not lists[0] & lists[1]
    assert lists[0] | lists[1] == {path.name for path in out.iterdir() if path.suffix == ".eml"}
