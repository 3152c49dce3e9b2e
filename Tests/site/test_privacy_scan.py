"""End-to-end privacy scan: build the sample data for every viewer and read every byte written.

For each active member of each circle, and for every role of circle-margaret (`--role`), the
expectation is `carereport audit ... --format json` for the same viewer. Each record's marker (a
phrase unique to its title or content) must appear nowhere when the record is hidden, and somewhere
when it is visible. Fields that are never rendered (e-mail, phone, authId, invite codes) and the
names of circles the viewer is not in must appear nowhere. Inactive members get exit status 67 and
no output folder. Failure messages name the file, the record id and the marker, never more text.
"""
import html
import json
import re

import pytest

from conftest import (inactive_members, load_json, markers_file, members, role_viewers, run_carereport,
                      sample_circles, sample_users)

VIEWERS = members() + role_viewers("circle-margaret")
MAX_REPORTED = 40


def squash(text):
    """Lower case, every run of non-alphanumerics one hyphen: finds a phrase in slugs, ids and hrefs."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower())


def plain(text, markup):
    """The text a reader sees: entities decoded, tags and Markdown escapes gone, spaces collapsed."""
    if markup:
        text = re.sub(r"<!--(.*?)-->", r" \1 ", text, flags=re.S)
        text = re.sub(r"<[^>]*>", " ", text)
    text = html.unescape(text)
    text = re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text)
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).lower()


class Corpus:
    """Everything written under a folder, as searchable views per file (and the paths themselves)."""

    def __init__(self, site):
        self.views = {}
        paths = sorted(site.rglob("*"))
        names = "\n".join(path.relative_to(site).as_posix() for path in paths)
        self.views["(file and folder names)"] = (names.lower(), names.lower(), squash(names))
        for path in paths:
            if not path.is_file():
                continue
            raw = path.read_bytes().decode("utf-8", errors="replace")
            lowered = re.sub(r"\s+", " ", raw).lower()
            markup = path.suffix in (".html", ".xml", ".svg", ".md", ".ics", ".htm")
            self.views[path.relative_to(site).as_posix()] = (lowered, plain(raw, markup), squash(raw))

    def where(self, phrase, loose=True):
        """Files in which `phrase` occurs: as written, as read, or (loose) as a slug."""
        needle = re.sub(r"\s+", " ", phrase).lower()
        slug = squash(phrase).strip("-")
        return [name for name, (lowered, readable, squashed) in self.views.items()
                if needle in lowered or needle in readable or (loose and slug and f"-{slug}-" in f"-{squashed}-")]

    def matches(self, pattern):
        return [name for name, (lowered, readable, _) in self.views.items()
                if pattern.search(lowered) or pattern.search(readable)]


def decisions(viewer):
    result = run_carereport(*viewer.audit_args())
    assert result.returncode == 0, f"audit for {viewer.name} exited {result.returncode}: {result.stderr[-2000:]}"
    return json.loads(result.stdout)


def phone_pattern(phone):
    """The last ten digits with any separators between them, e.g. 626 555 0142, (626) 555-0142."""
    digits = re.sub(r"\D", "", phone)[-10:]
    separators = r"[\s().\-]*"
    return re.compile(r"(?<!\d)(?:\+?1" + separators + ")?" + separators.join(digits) + r"(?!\d)")


def never_rendered():
    """(label, phrase) pairs that must appear in no output for anyone."""
    values = []
    for user in sample_users():
        for key in ("email", "authId"):
            if user.get(key):
                values.append((f"{user['id']}.{key}", user[key]))
    for circle in sample_circles():
        for invite in circle.get("pendingInvites") or []:
            for key in ("email", "inviteCode"):
                if invite.get(key):
                    values.append((f"{circle['id']}.pendingInvites.{key}", invite[key]))
    return values


def check_site(site, entries, markers, viewer_circles, circles):
    """All privacy problems of one built folder, as lines that never quote more than a marker."""
    corpus = Corpus(site)
    problems = []
    for entry in entries:
        marker = markers.get(entry["id"])
        if marker is None:
            continue
        if entry["visible"]:
            if not corpus.where(marker, loose=False):
                problems.append(f"visible {entry['kind']} {entry['id']} ({entry['rule']}) is missing: "
                                f"its marker {marker!r} appears in no file")
        else:
            for name in corpus.where(marker):
                problems.append(f"{name}: hidden {entry['kind']} {entry['id']} ({entry['rule']}) leaks: "
                                f"marker {marker!r}")
    for label, value in never_rendered():
        for name in corpus.where(value, loose=False):
            problems.append(f"{name}: never-rendered field {label} appears")
    for user in sample_users():
        if user.get("phone"):
            for name in corpus.matches(phone_pattern(user["phone"])):
                problems.append(f"{name}: never-rendered field {user['id']}.phone appears")
    for circle in circles:
        if circle["id"] not in viewer_circles:
            for name in corpus.where(circle["name"], loose=False):
                problems.append(f"{name}: the name of {circle['id']}, which the viewer is not in, appears")
    return problems


def report(problems):
    shown = problems[:MAX_REPORTED]
    if len(problems) > MAX_REPORTED:
        shown.append(f"... and {len(problems) - MAX_REPORTED} more")
    return "\n".join(shown)


def circles_of(viewer):
    if viewer.user is None:
        return {viewer.circle}
    return {circle["id"] for circle in sample_circles() for member in circle["members"]
            if member["userId"] == viewer.user and member.get("status") == "active"}


@pytest.fixture(scope="module")
def markers():
    return load_json(markers_file())


@pytest.fixture(scope="module", autouse=True)
def build_everything_in_parallel(sites):
    sites.prefetch(VIEWERS)


def test_markers_cover_every_record(markers):
    """The scan is only as good as the markers: every record the policy decides on has one."""
    entries = decisions(VIEWERS[0])
    missing = sorted(entry["id"] for entry in entries if entry["id"] not in markers)
    assert not missing, f"records without a marker: {missing[:20]}"


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda viewer: viewer.name)
def test_site_shows_exactly_what_the_policy_allows(viewer, sites, markers):
    site = sites.site(viewer)
    problems = check_site(site, decisions(viewer), markers, circles_of(viewer), sample_circles())
    assert not problems, f"{len(problems)} privacy problems in the site for {viewer.name}:\n{report(problems)}"


@pytest.mark.parametrize("viewer,status", inactive_members(), ids=lambda value: getattr(value, "name", value))
def test_inactive_member_gets_nothing(viewer, status, tmp_path, markers):
    out = tmp_path / "site"
    result = run_carereport(*viewer.build_args(out))
    assert result.returncode == 67, f"{viewer.name} ({status}) exited {result.returncode}, expected 67: {result.stderr[-1000:]}"
    assert not out.exists(), f"{viewer.name} ({status}) got an output folder"
    leftovers = sorted(path.name for path in tmp_path.iterdir())
    assert not leftovers, f"{viewer.name} ({status}) left files beside the output folder: {leftovers}"
    said = (result.stdout + result.stderr).lower()
    leaked = sorted(record for record, marker in markers.items() if marker.lower() in said)
    assert not leaked, f"the refusal for {viewer.name} mentions the content of {leaked[:10]}"


# The scanner itself, on hand-made folders: it must catch what it is there to catch.

def test_scanner_catches_a_hidden_marker_in_text_slug_and_file_name(tmp_path):
    markers = {"r1": "Penicillin allergy with hives", "r2": "Sulfa antibiotics cause a rash"}
    entries = [{"kind": "healthRecord", "id": "r1", "visible": True, "rule": "H6"},
               {"kind": "healthRecord", "id": "r2", "visible": False, "rule": "H7"}]
    circles = [{"id": "c1", "name": "Margaret's care circle"}, {"id": "c2", "name": "Walter's circle"}]
    site = tmp_path / "site"
    (site / "labs").mkdir(parents=True)
    (site / "index.html").write_text("<p>Penicillin <b>allergy</b>\n with hives</p>")
    assert check_site(site, entries, markers, {"c1"}, circles) == []

    (site / "index.md").write_text("Sulfa antibiotics\ncause a rash")
    (site / "labs" / "sulfa-antibiotics-cause-a-rash.html").write_text("x")
    (site / "week.html").write_text('<a href="x.html#sulfa-antibiotics-cause-a-rash">x</a> Walter&#39;s circle')
    problems = check_site(site, entries, markers, {"c1"}, circles)
    text = "\n".join(problems)
    assert "index.md: hidden healthRecord r2" in text
    assert "(file and folder names): hidden healthRecord r2" in text
    assert "week.html: hidden healthRecord r2" in text
    assert "week.html: the name of c2" in text
    assert "Sulfa antibiotics cause a rash" in text and "Walter" not in text

    (site / "index.html").write_text("<p>nothing</p>")
    assert any("visible healthRecord r1 (H6) is missing" in line for line in check_site(site, entries, markers, {"c1", "c2"}, circles))


def test_scanner_catches_phone_numbers_in_any_format(tmp_path):
    pattern = phone_pattern("+1 626 555 0142")
    for written in ("+1 626 555 0142", "(626) 555-0142", "626.555.0142", "tel:+16265550142"):
        assert pattern.search(written), written
    assert not pattern.search("1626 555 01423")
