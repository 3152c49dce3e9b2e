"""Issue 23: one reader, every circle they belong to. Privacy across circles, read byte by byte.

Rosa Delgado is a supporter in Margaret's circle and the caregiver in Walter's. Her one site (no
--circle) holds each circle under `c/SLUG/`; each of those folders must show exactly what the policy
allows her *in that circle* (the audit of that circle), nothing of the other circle may reach it, and
the files that gather every circle (home, feed, calendar) and her one digest may hold only what is
visible to her in the circle it comes from. Then hand-made exports: a membership removed in one circle
and active in another; a care manager whose role differs between the circles of a caseload.
"""
import json
import re
import shutil

import pytest

from conftest import NOW, SAMPLE, Viewer, load_json, markers_file, run_carereport, sample_circles
from test_privacy_scan import Corpus, check_site, decisions, report

ROSA = "u-rosa"
CIRCLES = {"circle-margaret": "c/circle-margaret", "circle-walter": "c/circle-walter"}
GENERATED_NOW = "2025-04-20T22:00:00-07:00"


@pytest.fixture(scope="module")
def markers():
    return load_json(markers_file())


@pytest.fixture(scope="module")
def rosa_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("rosa") / "site"
    result = run_carereport("build", SAMPLE, "--out", out, "--viewer", ROSA, "--now", NOW)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def audits():
    """Rosa's decision for every record, per circle (each audit lists every record of the export)."""
    return {circle: decisions(Viewer(circle, user=ROSA)) for circle in CIRCLES}


def merged(audits):
    """One entry per record: visible when it is visible in the circle it belongs to."""
    visible = {}
    for entries in audits.values():
        for entry in entries:
            visible[entry["id"]] = visible.get(entry["id"], False) or entry["visible"]
    first = next(iter(audits.values()))
    return [dict(entry, visible=visible[entry["id"]]) for entry in first]


def test_the_site_has_both_circles_and_a_home(rosa_site):
    assert (rosa_site / "index.html").exists() and (rosa_site / "index.md").exists()
    for folder in CIRCLES.values():
        assert (rosa_site / folder / "index.html").exists()
    assert sorted(path.name for path in (rosa_site / "c").iterdir()) == ["circle-margaret", "circle-walter"]
    assert (rosa_site / "c" / "circle-walter" / "visit.html").exists(), "caregiver in Walter's: his visit summary"
    assert not (rosa_site / "c" / "circle-margaret" / "visit.html").exists(), "supporter in Margaret's: no visit summary"


@pytest.mark.parametrize("circle", sorted(CIRCLES))
def test_each_circles_folder_shows_exactly_what_her_role_there_allows(circle, rosa_site, audits, markers):
    folder = rosa_site / CIRCLES[circle]
    problems = check_site(folder, audits[circle], markers, {circle}, sample_circles())
    assert not problems, f"{len(problems)} privacy problems in {CIRCLES[circle]}:\n{report(problems)}"


def test_the_whole_site_holds_only_what_is_visible_in_its_own_circle(rosa_site, audits, markers):
    problems = check_site(rosa_site, merged(audits), markers, set(CIRCLES), sample_circles())
    assert not problems, f"{len(problems)} privacy problems in Rosa's site:\n{report(problems)}"


def test_files_gathering_every_circle_hold_nothing_hidden(rosa_site, tmp_path, audits, markers):
    """Home, feed and calendar alone (copied apart): no marker of a record hidden in its circle."""
    gathered = tmp_path / "gathered"
    gathered.mkdir()
    for name in ("index.html", "index.md", "feed.xml", "calendar.ics"):
        shutil.copy(rosa_site / name, gathered / name)
    corpus = Corpus(gathered)
    leaks = [f"{name}: {entry['id']}" for entry in merged(audits) if not entry["visible"] and entry["id"] in markers
             for name in corpus.where(markers[entry["id"]])]
    assert not leaks, "\n".join(leaks[:40])


def test_no_caregivers_record_of_margaret_reaches_rosa(rosa_site, markers):
    """She is a caregiver in Walter's circle: that role must not open Margaret's caregivers' records."""
    health = load_json(SAMPLE / "health.json")
    health = health["data"] if isinstance(health, dict) else health
    caregivers_only = [record["id"] for record in health
                       if record["careCircleId"] == "circle-margaret" and record.get("privacyLevel") == "caregivers"]
    assert len(caregivers_only) > 20, "the sample has many caregivers' records of Margaret"
    corpus = Corpus(rosa_site)
    leaks = [(record, corpus.where(markers[record])) for record in caregivers_only if record in markers]
    leaks = [f"{record}: {where[:3]}" for record, where in leaks if where]
    assert not leaks, "\n".join(leaks[:40])


def test_a_record_naming_her_as_a_supporter_reaches_her_in_that_circle_only(rosa_site, markers):
    """hr-appt-2025-04-24-cardiology is restricted to people it names, Rosa among them (H5)."""
    marker = markers["hr-appt-2025-04-24-cardiology"]
    corpus = Corpus(rosa_site)
    found = corpus.where(marker, loose=False)
    assert any(name.startswith("c/circle-margaret/") for name in found)
    assert not any(name.startswith("c/circle-walter/") for name in found)
    home = (rosa_site / "index.md").read_text(encoding="utf-8")
    assert "Cardiology consult with Dr. Patel" in home, "Margaret's next appointment, which names Rosa, is on her home"


def test_missed_doses_show_a_dash_where_she_is_not_shown_doses(rosa_site):
    home = (rosa_site / "index.md").read_text(encoding="utf-8")
    margaret = home[home.index("## [Margaret's care circle]"):home.index("## [Walter's circle]")]
    walter = home[home.index("## [Walter's circle]"):]
    # In Rosa's Spanish: "Doses missed or not recorded this week: — (Doses are not shown to you in this circle.)"
    assert "Dosis olvidadas o sin registrar esta semana: — (En este círculo no se le muestran las dosis.)" in margaret
    assert re.search(r"Dosis olvidadas o sin registrar esta semana: \d+\n", walter)


@pytest.mark.parametrize("format_", ["markdown", "html", "email"])
def test_one_digest_over_both_circles_holds_nothing_hidden(format_, tmp_path, audits, markers):
    # In English (--language en): what is checked is what reaches her, not the words around it.
    args = ["digest", SAMPLE, "--viewer", ROSA, "--week", "2025-W15", "--now", NOW, "--format", format_, "--language", "en"]
    if format_ == "email":
        args += ["--to", "rosa@example.org"]
    result = run_carereport(*args)
    assert result.returncode == 0, result.stderr
    (tmp_path / "digest").mkdir()
    (tmp_path / "digest" / f"digest.{'md' if format_ == 'markdown' else 'html'}").write_text(result.stdout)
    corpus = Corpus(tmp_path / "digest")
    leaks = [f"{entry['id']}" for entry in merged(audits)
             if not entry["visible"] and entry["id"] in markers and corpus.where(markers[entry["id"]])]
    assert not leaks, leaks[:40]
    if format_ == "markdown":
        text = result.stdout
        assert text.index("## Needs attention in every circle") < text.index("# Margaret's care circle") < text.index("# Walter's circle")
        attention = text[text.index("## Needs attention in every circle"):text.index("# Margaret's care circle")]
        items = [line for line in attention.splitlines() if line.startswith("- ")]
        assert items and all("(Walter's circle)" in line or "(Margaret's care circle)" in line for line in items)
    if format_ == "email":
        subject = re.search(r"^Subject: (.*(?:\n .*)*)", result.stdout, re.M).group(1)
        import email.header
        words = "".join(part.decode(charset or "ascii") if isinstance(part, bytes) else part
                        for part, charset in email.header.decode_header(subject.replace("\n", "")))
        assert re.search(r"Your 2 care circles: week 15, .*: \d+ things? needs? attention", words), words


def copy_sample(tmp_path):
    target = tmp_path / "export"
    shutil.copytree(SAMPLE, target)
    return target


def edit_circles(export, change):
    path = export / "circles.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_removed_in_one_circle_and_active_in_another_gets_only_the_active_one(tmp_path, markers):
    """Linda left Margaret's circle (removed) and joins Walter's: her site is Walter's alone, laid out as
    any one circle's site, and nothing of Margaret's circle reaches it, not even its name."""
    export = copy_sample(tmp_path)
    def add_linda(circles):
        walter = next(circle for circle in circles if circle["id"] == "circle-walter")
        walter["members"].append({"userId": "u-linda", "roles": ["supporter"], "status": "active",
                                  "relationshipToRecipient": "neighbour", "joinedAt": "2025-03-01T10:00:00-08:00"})
    edit_circles(export, add_linda)
    assert run_carereport("validate", export).returncode == 0
    out = tmp_path / "site"
    result = run_carereport("build", export, "--out", out, "--viewer", "u-linda", "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert (out / "index.html").exists() and not (out / "c").exists(), "one active circle: today's layout"
    audit = run_carereport("audit", export, "--viewer", "u-linda", "--circle", "circle-walter", "--format", "json")
    problems = check_site(out, json.loads(audit.stdout), markers, {"circle-walter"}, sample_circles())
    assert not problems, report(problems)
    digest = run_carereport("digest", export, "--viewer", "u-linda", "--week", "2025-W15", "--now", NOW)
    assert digest.returncode == 0 and "Margaret" not in digest.stdout


def test_rosa_removed_from_margarets_circle_gets_walters_alone(tmp_path):
    export = copy_sample(tmp_path)
    def remove_rosa(circles):
        margaret = next(circle for circle in circles if circle["id"] == "circle-margaret")
        next(member for member in margaret["members"] if member["userId"] == ROSA)["status"] = "removed"
    edit_circles(export, remove_rosa)
    out = tmp_path / "site"
    assert run_carereport("build", export, "--out", out, "--viewer", ROSA, "--now", NOW).returncode == 0
    corpus = Corpus(out)
    assert not corpus.where("Margaret's care circle", loose=False)
    assert not corpus.where("Margaret Ashworth", loose=False)
    assert not (out / "c").exists()


@pytest.fixture(scope="module")
def agency(tmp_path_factory):
    """25 generated circles with a care manager (g0-manager) in all of them; in g2 she is only a supporter."""
    folder = tmp_path_factory.mktemp("agency") / "export"
    result = run_carereport("generate", "--circles", "25", "--weeks", "3", "--seed", "5", "--organizer-in", "25", "--out", folder)
    assert result.returncode == 0, result.stderr
    def supporter_in_g2(circles):
        member = next(m for m in next(c for c in circles if c["id"] == "g2")["members"] if m["userId"] == "g0-manager")
        member["roles"] = ["supporter"]
    edit_circles(folder, supporter_in_g2)
    assert run_carereport("validate", folder).returncode == 0
    return folder


@pytest.fixture(scope="module")
def caseload(agency, tmp_path_factory):
    out = tmp_path_factory.mktemp("caseload") / "site"
    result = run_carereport("build", agency, "--out", out, "--viewer", "g0-manager", "--now", GENERATED_NOW)
    assert result.returncode == 0, result.stderr
    return out


def caseload_rows(site):
    """(link, needs attention, overdue, missed doses) of each row of the Markdown caseload, in order."""
    text = (site / "index.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[[^\]]*\]\((c/[^)]*)/index\.md\)[^|]*\| (\d+) \| (\d+) \| ([^|]*) \|", text, re.M)
    return [(link, int(attention), int(overdue), missed.strip()) for link, attention, overdue, missed in rows]


def test_an_organizer_in_25_circles_gets_one_caseload_of_all_25_sorted_by_attention(caseload):
    rows = caseload_rows(caseload)
    assert sorted(link for link, *_ in rows) == sorted(f"c/g{n}" for n in range(1, 26))
    keys = [(attention, overdue) for _, attention, overdue, _ in rows]
    assert keys == sorted(keys, reverse=True), "most needing attention first"
    assert rows[0][1] > rows[-1][1], "the generated circles differ in what needs attention"
    html = (caseload / "index.html").read_text(encoding="utf-8")
    assert "<h1>Your caseload</h1>" in html
    for link, attention, overdue, _ in rows:
        assert f'href="{link}/index.html"' in html
        # The count is that circle's own home page's needs-attention list.
        page = (caseload / link / "index.md").read_text(encoding="utf-8")
        listed = re.search(r"## Needs attention\n\n((?:- .*\n)+)", page)
        assert attention == (len(listed.group(1).splitlines()) if listed else 0), link


def test_the_caseload_shows_no_doses_where_she_is_a_supporter(caseload, agency, markers):
    rows = {link: missed for link, _, _, missed in caseload_rows(caseload)}
    assert rows["c/g2"].startswith("—") and "not shown to you" in rows["c/g2"]
    assert all(re.fullmatch(r"\d+", missed) for link, missed in rows.items() if link != "c/g2")
    assert not (caseload / "c" / "g2" / "visit.html").exists()
    assert (caseload / "c" / "g1" / "visit.html").exists()
    audit = run_carereport("audit", agency, "--viewer", "g0-manager", "--circle", "g2", "--format", "json")
    entries = json.loads(audit.stdout)
    hidden = {entry["id"] for entry in entries if not entry["visible"]}
    visible = {entry["id"] for entry in entries if entry["visible"]}
    assert hidden and visible
    # The generated records carry their ids in the pages they link to only through slugs of titles:
    # check the ids of hidden g2 records appear in no file name or text of the whole site.
    corpus = Corpus(caseload)
    leaks = [record for record in sorted(hidden) if record.startswith("g2-") and corpus.where(record, loose=False)]
    assert not leaks, leaks[:20]


def test_a_reader_in_several_circles_without_circle_gets_a_visit_only_where_one_is_possible(tmp_path, agency):
    out = tmp_path / "visit.html"
    result = run_carereport("visit", SAMPLE, "--viewer", ROSA, "--now", NOW, "--out", out)
    assert result.returncode == 0, result.stderr
    assert "Walter" in out.read_text(encoding="utf-8")
    result = run_carereport("visit", agency, "--viewer", "g0-manager", "--now", GENERATED_NOW, "--out", tmp_path / "v.html")
    assert result.returncode == 64
    assert "choose one with --circle" in result.stderr and "g1 (organizer)" in result.stderr and "g2 (supporter)" in result.stderr
    assert not (tmp_path / "v.html").exists()


def test_the_readme_shows_the_multi_circle_commands_as_they_run(tmp_path):
    """README, "One reader, every circle": each `$ ` line prints what the README shows."""
    from conftest import ROOT
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## One reader, every circle"):]
    block = re.search(r"```console\n(.*?)```", section, re.S).group(1)
    steps = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    assert len(steps) == 3
    shutil.copytree(SAMPLE, tmp_path / "sample-data")
    import os
    import subprocess
    from conftest import binary
    env = dict(os.environ, PATH=f"{binary().parent}:{os.environ['PATH']}")
    for command, expected in steps:
        result = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines() == expected, command
