"""The installation's id key (issue 41 item 1, privacy policy rule 6): calendar UIDs, feed ids,
attachment file names and the visit summary's resource ids are keyed by a secret of the
installation, made at random (mode 0600) in the user's state folder on first use, or given by the
operator; never a constant of the code, never inside an output folder, never naming a circle or user.
Two installations give different names; one installation the same names every run."""
import hashlib
import hmac
import json
import os
import re
import stat
import subprocess
import uuid

from conftest import NOW, SAMPLE, binary, load_json, sample_circles, sample_users

SHIPPED_KEY = b"carereport opaque ids v1"  # the constant carereport once keyed every name by


def run(args, state, extra=None):
    """carereport with no key but the state folder `state` (a new installation per folder)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAREREPORT_ID_KEY")}
    env.update({"XDG_STATE_HOME": str(state), **(extra or {})})
    return subprocess.run([str(binary()), *map(str, args)], capture_output=True, text=True, env=env, timeout=600)


def build(out, state, viewer="u-frank", extra=None):
    result = run(["build", SAMPLE, "--out", out, "--viewer", viewer, "--circle", "circle-margaret", "--now", NOW], state, extra)
    assert result.returncode == 0, result.stderr
    return result


def names(site):
    """Every derived name of a site: calendar UIDs, feed ids, attachment file names."""
    calendar = (site / "calendar.ics").read_text()
    found = set(re.findall(r"^UID:(.*?)\r?$", calendar, flags=re.M))
    found |= set(re.findall(r"<id>([^<]*)</id>", (site / "feed.xml").read_text()))
    if (site / "attachments").exists():
        found |= {path.name for path in (site / "attachments").iterdir()}
    return found


def export_ids():
    ids = {user["id"] for user in sample_users()} | {circle["id"] for circle in sample_circles()}
    for name in ("tasks.json", "health.json", "updates.json"):
        data = load_json(SAMPLE / name)
        for item in data["data"] if isinstance(data, dict) else data:
            ids.add(item["id"])
    return ids


def guesses(ids, circles):
    """What anyone without the key can compute from an id: the old unkeyed and constant-keyed names."""
    out = set()
    for circle in circles:
        for kind in ("task", "record", "update", "feed"):
            for item in ids:
                message = f"{circle}\0{kind}\0{item}".encode()
                out.add(hmac.new(SHIPPED_KEY, message, hashlib.sha1).digest()[:10].hex())
                parts = "".join(f"{p}\0" for p in ("opaque-id", circle, kind, item)).encode()
                for key in (b"", SHIPPED_KEY, item.encode(), circle.encode()):
                    out.add(hmac.new(key, parts, hashlib.sha256).digest()[:10].hex())
    return out


def test_a_supporters_calendar_names_match_no_id_of_the_export_without_the_key(tmp_path):
    site = tmp_path / "frank"
    build(site, tmp_path / "state")
    found = names(site)
    uids = [name for name in found if name.endswith("@carereport")]
    assert len(uids) >= 5, found
    ids = export_ids()
    circles = {circle["id"] for circle in sample_circles()}
    for name in found:
        assert not any(item in name for item in ids), f"{name} names an id of the export"
    computable = guesses(ids, circles)
    hashes = {re.sub(r"@carereport$|^urn:carereport:feed:|:\d{4}-W\d\d$", "", name) for name in found}
    assert not hashes & computable, "a name can be computed from an id without the installation's key"


def test_the_key_is_made_once_private_and_outside_the_output(tmp_path):
    state = tmp_path / "state"
    first = build(tmp_path / "one", state)
    key = state / "carereport" / "id-key"
    assert first.stderr.startswith(f"made this installation's id key, {key} (mode 0600)"), first.stderr
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(key.parent.stat().st_mode) & 0o077 == 0
    assert re.fullmatch(r"[0-9a-f]{64}\n", key.read_text())
    secret = key.read_text().strip()
    for path in (tmp_path / "one").rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path
    assert "id key" not in build(tmp_path / "two", state).stderr, "said once, when it is made"
    assert names(tmp_path / "one") == names(tmp_path / "two"), "one installation: the same names every run"
    assert key.read_text().strip() == secret


def test_two_installations_give_different_names(tmp_path):
    build(tmp_path / "a", tmp_path / "state-a", viewer="u-ellen")
    build(tmp_path / "b", tmp_path / "state-b", viewer="u-ellen")
    a, b = names(tmp_path / "a"), names(tmp_path / "b")
    assert any(name.endswith(".pdf") for name in a), "the eye clinic's letter is copied (its name is checked too)"
    assert len(a) == len(b) and not a & b, "no derived name is the same in two installations"


def test_the_visit_summarys_resource_ids_are_keyed(tmp_path):
    ids = []
    for state in ("state-a", "state-b"):
        out = tmp_path / f"{state}.json"
        result = run(["visit", SAMPLE, "--viewer", "u-ellen", "--now", NOW, "--format", "fhir", "--out", out], tmp_path / state)
        assert result.returncode == 0, result.stderr
        bundle = json.loads(out.read_text())
        ids.append({entry["resource"]["id"] for entry in bundle["entry"]})
    assert all(uuid.UUID(item).version == 8 for item in ids[0])
    assert not ids[0] & ids[1]


def test_the_operators_key_file_and_variable(tmp_path):
    key = tmp_path / "key"
    key.write_text("0123456789abcdef0123456789abcdef\n")
    key.chmod(0o600)
    by_option = run(["build", SAMPLE, "--out", tmp_path / "option", "--viewer", "u-frank", "--now", NOW, "--id-key-file", key], tmp_path / "s1")
    assert by_option.returncode == 0, by_option.stderr
    build(tmp_path / "variable", tmp_path / "s2", extra={"CAREREPORT_ID_KEY_FILE": str(key)})
    build(tmp_path / "secret", tmp_path / "s3", extra={"CAREREPORT_ID_KEY": "0123456789abcdef0123456789abcdef"})
    assert names(tmp_path / "option") == names(tmp_path / "variable") == names(tmp_path / "secret")
    assert not (tmp_path / "s1" / "carereport").exists(), "a given key makes no key file"


def test_a_key_file_others_may_read_is_refused(tmp_path):
    key = tmp_path / "key"
    key.write_text("0123456789abcdef0123456789abcdef\n")
    key.chmod(0o644)
    result = run(["build", SAMPLE, "--out", tmp_path / "site", "--viewer", "u-frank", "--now", NOW, "--id-key-file", key], tmp_path / "s")
    assert result.returncode == 66
    assert "may be read by others" in result.stderr and f"chmod 600 {key}" in result.stderr
    assert "0123456789abcdef" not in result.stderr, "the message never quotes the key"
    assert not (tmp_path / "site").exists(), "nothing was written"


def test_a_key_file_inside_the_output_folder_is_refused(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    key = site / "key"
    key.write_text("0123456789abcdef0123456789abcdef\n")
    key.chmod(0o600)
    result = run(["build", SAMPLE, "--out", site, "--viewer", "u-frank", "--now", NOW, "--id-key-file", key], tmp_path / "s")
    assert result.returncode == 73
    assert "inside the output folder" in result.stderr
    assert key.exists() and sorted(p.name for p in site.iterdir()) == ["key"]


def test_a_digests_message_id_is_keyed(tmp_path):
    ids = []
    for state in ("state-a", "state-a", "state-b"):
        result = run(["digest", SAMPLE, "--viewer", "u-ellen", "--circle", "circle-margaret", "--week", "2025-W16",
                      "--format", "email", "--to", "ellen@example.org", "--now", NOW], tmp_path / state)
        assert result.returncode == 0, result.stderr
        ids.append(re.search(r"^Message-ID: <carereport\.([0-9a-f]{20})@", result.stdout, flags=re.M).group(1))
    assert ids[0] == ids[1], "one installation: the same Message-ID for the same digest"
    assert ids[0] != ids[2], "two installations: different ones"
