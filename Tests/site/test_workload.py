"""Issue 16 item 2: the caregivers' workload page, end to end.

- who gets it: caregivers and organizers (page and navigation link), nobody else (no file, no link,
  no word "workload" anywhere in their site);
- its numbers: the chart's table (tasks done per person and week) against an independent count
  from the export's JSON, on the sample data and on a generated export;
- privacy canaries: records a viewer may not see (a private or caregivers-level dose log, a task
  of another circle, a restricted log not naming the viewer) leave the page byte for byte as it was,
  and one the viewer may see changes it (so the comparison can fail).
"""
import datetime
import json
import re
import shutil
import zoneinfo

import pytest

from conftest import NOW, SAMPLE, all_files, load_json, run_carereport

WEEKS = 12


def build(source, out, viewer, circle="circle-margaret", now=NOW, *extra):
    result = run_carereport("build", source, "--out", out, "--viewer", viewer, "--circle", circle, "--now", now, *extra)
    assert result.returncode == 0, f"build for {viewer} exited {result.returncode}: {result.stderr[-2000:]}"
    return out


def parse_moment(text, zone):
    if len(text) == 10:
        return datetime.datetime.fromisoformat(text).replace(tzinfo=zone)
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def expected_done(source, circle, now, short_for=None):
    """{(full name, ISO week 'YYYY-Www'): tasks done} counted from the JSON, as docs/workload.md says."""
    export = load_json(source / "export.json")
    zone = zoneinfo.ZoneInfo(export["timezone"])
    until = min(parse_moment(export["exportedAt"], zone), parse_moment(now, zone)) if export.get("exportedAt") else parse_moment(now, zone)
    circles = load_json(source / "circles.json")
    recipient = next(c for c in circles if c["id"] == circle)["careRecipient"]["userId"]
    users = load_json(source / "users.json")
    users = users["data"] if isinstance(users, dict) else users
    names = {u["id"]: f'{u["firstName"]} {u["lastName"]}' if short_for in (None, u["id"]) else f'{u["firstName"]} {u["lastName"][0]}.'
             for u in users}
    last = until.astimezone(zone).date().isocalendar()
    last_monday = datetime.date.fromisocalendar(last[0], last[1], 1)
    first_monday = last_monday - datetime.timedelta(weeks=WEEKS - 1)
    counts = {}
    for task in load_json(source / "tasks.json"):
        if task["careCircleId"] != circle or task["status"] != "completed":
            continue
        details = task.get("completionDetails") or {}
        person = details.get("completedBy") or (task.get("assignedTo") or {}).get("userId")
        moment = parse_moment(details.get("completedAt") or task["dueDate"], zone)
        if not person or person == recipient or moment > until:
            continue
        day = moment.astimezone(zone).date()
        if not first_monday <= day <= last_monday + datetime.timedelta(days=6):
            continue
        year, week, _ = day.isocalendar()
        key = (names.get(person, "unknown member"), f"{year}-W{week:02d}")
        counts[key] = counts.get(key, 0) + 1
    return counts


def chart_table(markdown):
    """{(person, 'YYYY-Www'): number} from the Markdown table under "Tasks done each week"."""
    section = markdown.split("## Tasks done each week", 1)[1].split("## Week by week", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    table = {}
    for row in rows[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        week = re.match(r"Week (\d+) \((\d+) (\w+)", cells[0])
        assert week, f"unexpected week cell {cells[0]!r}"
        for name, value in zip(header[1:-1], cells[1:-1]):
            table[(name, week.group(1))] = int(value)
    return header, table


def compare(site, source, circle, now, short_for=None):
    markdown = (site / "workload.md").read_text()
    header, table = chart_table(markdown)
    expected = expected_done(source, circle, now, short_for)
    found = {(name, week): n for (name, week), n in table.items() if n}
    wanted = {(name, str(int(week.split("-W")[1]))): n for (name, week), n in expected.items()}
    assert found == wanted, f"tasks done per person and week differ from the export:\npage {sorted(found.items())}\njson {sorted(wanted.items())}"
    return header, markdown


# Who gets it

@pytest.mark.parametrize("viewer", ["u-ellen", "u-david", "u-sophie"])
def test_caregivers_and_organizers_get_the_page_and_the_link(tmp_path, viewer):
    site = build(SAMPLE, tmp_path / viewer, viewer)
    assert (site / "workload.html").is_file() and (site / "workload.md").is_file()
    for page in all_files(site):
        if page.suffix == ".html" and page.name != "visit.html":
            assert 'workload.html"' in (site / page).read_text(), f"{page} has no link to the workload page"


@pytest.mark.parametrize("viewer, circle", [("u-frank", "circle-margaret"), ("u-rosa", "circle-margaret"),
                                            ("u-margaret", "circle-margaret"), ("u-miguel", "circle-walter")])
def test_no_page_and_no_trace_for_supporters_and_the_care_recipient(tmp_path, viewer, circle):
    site = build(SAMPLE, tmp_path / viewer, viewer, circle)
    for page in all_files(site):
        assert "workload" not in page.name
        text = (site / page).read_text(errors="replace").lower()
        assert "workload" not in text and "week off" not in text, f"{page} mentions the workload page"
        # Rosa reads Spanish (her preferences): the same words in her language.
        assert "carga de trabajo" not in text and "semana libre" not in text, f"{page} mentions the workload page"


def test_role_supporter_gets_no_page_and_a_caregiver_elsewhere_does(tmp_path):
    result = run_carereport("build", SAMPLE, "--out", tmp_path / "sup", "--role", "supporter", "--circle", "circle-margaret", "--now", NOW)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "sup" / "workload.html").exists()
    # Rosa is a supporter in Margaret's circle but a caregiver in her father's.
    site = build(SAMPLE, tmp_path / "rosa-walter", "u-rosa", "circle-walter", NOW, "--language", "en")  # she reads Spanish
    assert (site / "workload.html").is_file()


# Numbers

def test_sample_numbers_match_the_export(tmp_path):
    site = build(SAMPLE, tmp_path / "ellen", "u-ellen")
    header, markdown = compare(site, SAMPLE, "circle-margaret", NOW)
    assert "Margaret Ashworth" not in header, "the care recipient is not one of the helpers counted"
    assert "with data as of Fri 18 Apr 2025, 18:00" in markdown
    no_week_off = markdown.split("## No week off", 1)[1].split("##", 1)[0]
    assert re.findall(r"\*\*(.+?)\*\*", no_week_off) == ["Ellen Park", "David Ashworth"]
    assert "| Rosa Delgado | 0% (0 of 4) | 11% (2 of 18) | 2 | 0 | 9 of 11 |" in markdown, "Rosa's two rides"
    assert "| Ellen Park | 53% (38 of 72) | 39% (126 of 321) |" in markdown, "Ellen's doses"


def test_an_organizer_gets_no_dose_counts(tmp_path):
    site = build(SAMPLE, tmp_path / "sophie", "u-sophie")
    markdown = (site / "workload.md").read_text()
    compare(site, SAMPLE, "circle-margaret", NOW, short_for="u-sophie")
    assert "dose" not in markdown.lower()
    assert "| David A. |" in markdown, "an organizer sees others as First L."


def test_an_organizer_is_not_told_of_weeks_off(tmp_path):
    """Sophie (organizer) sees tasks but not the caregivers' dose logs: judged on tasks alone, Ellen
    and David, who gave medicines every day, would have "8 of 11" weeks off. No week off is judged
    for her, and the page says why."""
    html = (build(SAMPLE, tmp_path / "sophie", "u-sophie") / "workload.html").read_text()
    assert "week off" not in html.lower() and "weeks off</th>" not in html.lower()
    assert "Weeks off are not judged here" in html
    ellen = (build(SAMPLE, tmp_path / "ellen", "u-ellen") / "workload.html").read_text()
    assert "Weeks off</th>" in ellen and "No week off" in ellen


def test_weeks_before_joining_or_after_leaving_are_not_weeks_off(tmp_path):
    """Rosa, Carmen and Miguel joined Walter's circle on 6 Apr 2025 (week 14): the weeks before are
    not theirs to have off. Linda was removed from Margaret's circle: no weeks off are counted."""
    walter = (build(SAMPLE, tmp_path / "rosa", "u-rosa", "circle-walter", NOW, "--language", "en") / "workload.md").read_text()
    shares = walter.split("Tasks done over the last")[1].split("\n\n")[1]
    rows = [line for line in shares.splitlines() if line.startswith("| ") and not line.startswith("| Person")]
    assert len(rows) == 3 and all(line.endswith(" of 1 |") for line in rows), rows  # week 15 only: week 16 is under way
    margaret = (build(SAMPLE, tmp_path / "ellen", "u-ellen") / "workload.md").read_text()
    linda = next(line for line in margaret.splitlines() if line.startswith("| Linda Reyes |") and "weeks" not in line and "not counted" in line)
    assert linda.endswith("| not counted: no longer a member |")


def test_a_task_overdue_since_before_the_weeks_shown_is_still_overdue_now(tmp_path):
    """The smoke-alarm task made due on 10 Jan 2025, still open: it is older than the 12 weeks, and
    the home page lists it as overdue; the workload page's "Overdue now" counts it for Frank."""
    folder = tmp_path / "export"
    shutil.copytree(SAMPLE, folder)
    tasks = load_json(folder / "tasks.json")
    smoke = next(task for task in tasks if task["id"] == "task-smoke-alarm")
    smoke["dueDate"] = "2025-01-10T12:00:00-08:00"
    (folder / "tasks.json").write_text(json.dumps(tasks, indent=1))
    markdown = (build(folder, tmp_path / "site", "u-ellen") / "workload.md").read_text()
    frank = next(line for line in markdown.splitlines() if line.startswith("| Frank Okafor |") and "%" in line)
    assert frank.split(" | ")[4] == "1", frank


def test_nothing_after_the_export_is_overdue(tmp_path):
    """Built a week after the export: the page is the same, since the export's time is what counts."""
    early = (build(SAMPLE, tmp_path / "a", "u-ellen") / "workload.md").read_text()
    late = (build(SAMPLE, tmp_path / "b", "u-ellen", "circle-margaret", "2025-04-25T18:00:00-07:00") / "workload.md").read_text()
    body = lambda text: text.split("\n---\n", 1)[0]
    assert body(early) == body(late)
    assert "**Old data.**" in late, "the later build does say it is old"



def test_generated_export_numbers_match(tmp_path):
    export = tmp_path / "export"
    result = run_carereport("generate", "--circles", 2, "--weeks", WEEKS, "--out", export)
    assert result.returncode == 0, result.stderr
    now = load_json(export / "export.json")["exportedAt"]
    for circle in load_json(export / "circles.json"):
        for member in circle["members"]:
            if "caregiver" in member["roles"] and member.get("status", "active") == "active":
                site = build(export, tmp_path / member["userId"], member["userId"], circle["id"], now)
                header, markdown = compare(site, export, circle["id"], now)
                assert len(header) > 2, f"nobody counted in {circle['id']}"
                break


# Privacy canaries

def canary_export(tmp_path, name, health=(), tasks=()):
    folder = tmp_path / name
    shutil.copytree(SAMPLE, folder)
    for file, added in (("health.json", health), ("tasks.json", tasks)):
        records = load_json(folder / file)
        records.extend(added)
        (folder / file).write_text(json.dumps(records, indent=1))
    return folder


def medication(record_id, level, recorded_by, visible_to=()):
    days = [f"2025-04-{day:02d}T08:00:00-07:00" for day in range(1, 16)]
    record = {
        "id": record_id, "type": "medication", "title": "Canary zolpiquat", "date": "2025-04-01T08:00:00-07:00",
        "careRecipientId": "u-margaret", "careCircleId": "circle-margaret", "createdBy": {"userId": "u-ellen", "role": "caregiver"},
        "createdAt": "2025-04-01T08:00:00-07:00", "privacyLevel": level, "attachments": [],
        "data": {"name": "Zolpiquat", "startDate": "2025-04-01", "status": "active", "asNeeded": False,
                 "schedule": {"times": ["08:00"]},
                 "administrations": [{"scheduledAt": d, "takenAt": d, "status": "taken", "recordedBy": recorded_by} for d in days]},
    }
    if visible_to:
        record["visibleTo"] = list(visible_to)
    return record


OTHER_CIRCLE_TASK = {
    "id": "task-canary-walter", "title": "Canary errand", "category": "errands", "priority": "low",
    "dueDate": "2025-04-10T09:00:00-07:00", "status": "completed", "createdAt": "2025-04-01T09:00:00-07:00",
    "createdBy": {"userId": "u-rosa", "role": "caregiver"}, "assignedTo": {"userId": "u-rosa", "role": "caregiver", "accepted": True},
    "careCircleId": "circle-walter", "notes": [], "attachments": [], "reminders": [], "tags": [],
    "completionDetails": {"completedAt": "2025-04-10T10:00:00-07:00", "completedBy": "u-rosa", "attachments": []},
}


@pytest.mark.parametrize("viewer, health, tasks", [
    ("u-ellen", [medication("hr-canary-private", "private", "u-frank")], [OTHER_CIRCLE_TASK]),
    ("u-sophie", [medication("hr-canary-caregivers", "caregivers", "u-frank")], []),
    ("u-david", [medication("hr-canary-restricted", "restricted", "u-frank", ["u-ellen"])], []),
], ids=["private log and other circle's task for a caregiver", "caregivers-level log for an organizer",
        "restricted log not naming the viewer"])
def test_hidden_records_leave_the_page_unchanged(tmp_path, viewer, health, tasks):
    plain = (build(SAMPLE, tmp_path / "plain", viewer) / "workload.html").read_bytes()
    source = canary_export(tmp_path, "canary", health, tasks)
    site = build(source, tmp_path / "with", viewer)
    assert (site / "workload.html").read_bytes() == plain
    assert (site / "workload.md").read_bytes() == (tmp_path / "plain" / "workload.md").read_bytes()


def test_a_record_the_viewer_sees_does_change_the_page(tmp_path):
    """The control for the canaries above: Ellen is named by the restricted log, so Frank's doses appear."""
    plain = (build(SAMPLE, tmp_path / "plain", "u-ellen") / "workload.md").read_text()
    source = canary_export(tmp_path, "canary", [medication("hr-canary-restricted", "restricted", "u-frank", ["u-ellen"])])
    changed = (build(source, tmp_path / "with", "u-ellen") / "workload.md").read_text()
    assert changed != plain
    assert re.search(r"\| Frank Okafor \|[^\n]*\| 100% \(0 of 0\)|\| Frank Okafor \|[^\n]*\(15 of", changed)


# Structural checks on the approved golden copy (Tests/site/golden/workload.*), so that a re-recorded
# golden cannot quietly lose what the page is for.

GOLDEN = SAMPLE.parent / "Tests" / "site" / "golden"


def test_golden_html_structure():
    page = (GOLDEN / "workload.html").read_text()
    # The chart twice: bars side by side for a wide screen and paper, one under another for a phone.
    assert page.count('class="chart chart-stacked-bar chart-wide"') == 1 and page.count('class="chart chart-stacked-bar chart-narrow"') == 1
    for svg in page.split("<svg")[1:3]:
        svg = svg.split("</svg>", 1)[0]
        assert 'role="img"' in svg and "<title id=" in svg and "<desc id=" in svg
        assert not re.search(r'(fill|stroke)="#', svg), "colours come from CSS classes only"
    shares = page.split('class="data workload-shares"', 1)[1].split("</table>", 1)[0]
    people = re.findall(r'<tr><th scope="row">([^<]+)</th>', shares)
    assert people[:2] == ["Sophie Park", "Ellen Park"] and len(people) == 6
    patterns = re.findall(r'<pattern id="([^"]+)"', svg)
    assert len(patterns) == len(people), "one pattern per person"
    for pattern in patterns:
        assert f'fill="url(#{pattern})"' in svg
    legend = svg.split('class="chart-legend"', 1)[1]
    for person in people:
        assert f">{person}</text>" in legend, f"{person} is missing from the legend"
    table = page.split('class="data chart-table"', 1)[1].split("</table>", 1)[0]
    header = re.findall(r'<th scope="col">([^<]+)</th>', table)
    assert header == ["Week", *people, "Everyone"]
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', table)
    assert len(rows) == WEEKS
    for week, cells in rows:
        numbers = [int(n) for n in re.findall(r'<td(?: data-label="[^"]*")? class="num">(\d+)</td>', cells)]
        assert sum(numbers[:-1]) == numbers[-1], f"{week}: the total is not the sum"
    for table_html in page.split("<table")[1:]:
        assert "<caption>" in table_html.split("</table>")[0], "every table has a caption"
    assert page.count('<h3 id="person-') == len(people)
    assert "<dt>Week off</dt>" in page and "never a week off" in page


def test_golden_markdown_structure():
    page = (GOLDEN / "workload.md").read_text()
    assert page.startswith("[Margaret's care circle](index.md)")
    assert "[Workload](workload.md)" in page.splitlines()[0]
    headings = re.findall(r"^(#{1,3}) (.+)$", page, flags=re.M)
    assert [h for level, h in headings if level == "##"] == [
        "What is counted", "The share each person carried", "No week off", "Tasks done each week", "Week by week"]
    assert len([h for level, h in headings if level == "###"]) == 6
    assert "- **Week off:** a full week, Monday to Sunday" in page
