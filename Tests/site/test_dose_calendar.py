"""Issue 17 item 7: the dose calendar on a medication page starts where the counts beside it start
(the course start, or --from when later) and names its months. It is drawn one month per SVG, as on
a wall calendar (each fits a printed page), with the month at the left of its first week and on
the first day shown ("6 Jan", "1 Feb"); every scheduled dose the counts include has its cell."""
import re

from conftest import NOW, SAMPLE, run_carereport

PAGE = "medications/metformin-2025-01-06.html"  # started Mon 6 Jan 2025, 08:00 and 20:00


def build(tmp_path, *extra):
    out = tmp_path / "site"
    result = run_carereport("build", SAMPLE, "--out", out, "--viewer", "u-ellen", "--now", NOW, *extra)
    assert result.returncode == 0, result.stderr
    return (out / PAGE).read_text(encoding="utf-8")


def calendar(html):
    section = html[html.index('id="calendar-heading"'):]
    return section[:section.index("</section>")]


def cells(section):
    """(day, slot, status) of every cell with a symbol, from the cells' hover titles."""
    found = []
    for title in re.findall(r"<title>([^<]*)</title>", section):
        when, status = title.split(": ", 1)
        day, slot = when.rsplit(", ", 1)
        found.append((day, slot, status.split(" (")[0]))
    return found


def counts(html):
    line = re.search(r'<p class="stat-line"><strong>(\d+) of (\d+) taken \(\d+%\), (\d+) on time', html)
    return tuple(int(n) for n in line.groups())


def test_the_calendar_starts_with_the_course_and_counts_what_the_page_counts(tmp_path):
    html = build(tmp_path)
    section = calendar(html)
    found = cells(section)
    assert found[0][:2] == ("Mon 6 Jan 2025", "08:00"), found[0]
    scheduled = [cell for cell in found if cell[2] not in ("not scheduled", "after the export, not known")]
    taken, due, on_time = counts(html)
    assert len(scheduled) == due
    assert sum(1 for cell in scheduled if cell[2] in ("taken on time", "taken late")) == taken
    assert sum(1 for cell in scheduled if cell[2] == "taken on time") == on_time


def test_months_are_labelled_one_calendar_each(tmp_path):
    section = calendar(build(tmp_path))
    svgs = re.findall(r'<svg [^>]*class="chart chart-dose-calendar" id="([^"]+)"', section)
    assert svgs == ["doses-2025-01", "doses-2025-02", "doses-2025-03", "doses-2025-04"]
    assert re.findall(r'class="chart-text dose-month"[^>]*>([^<]*)<', section) == ["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025"]
    firsts = re.findall(r'class="chart-text dose-date dose-date-month"[^>]*>([^<]*)<', section)
    assert firsts == ["6 Jan", "1 Feb", "1 Mar", "1 Apr"]
    titles = re.findall(r'<title id="doses-[0-9-]+-title">([^<]*)</title>', section)
    assert titles[0] == "Metformin doses, 6 Jan to 31 Jan 2025" and titles[-1] == "Metformin doses, 1 Apr to 18 Apr 2025"


def test_with_from_the_calendar_and_the_counts_start_at_the_period(tmp_path):
    html = build(tmp_path, "--from", "2025-02-10")
    found = cells(calendar(html))
    assert found[0][:2] == ("Mon 10 Feb 2025", "08:00"), found[0]
    taken, due, _ = counts(html)
    assert len([cell for cell in found if cell[2] not in ("not scheduled", "after the export, not known")]) == due < 205
    assert "Mon 3 Feb 2025" not in html.split('id="calendar-heading"')[1]


def test_a_dose_due_after_the_export_is_not_known_not_blank(tmp_path):
    """The data ends Fri 18 Apr 18:00; Metformin's 20:00 dose that evening is not known yet. It is
    drawn and named as such (three dots, "after the export, not known"), never "not scheduled" nor
    missed, and it is the only one."""
    found = cells(calendar(build(tmp_path)))
    evening = [status for day, slot, status in found if day == "Fri 18 Apr 2025" and slot == "20:00"]
    assert evening == ["after the export, not known"]
    assert [c for c in found if c[2] == "after the export, not known"] == [("Fri 18 Apr 2025", "20:00", "after the export, not known")]
    assert "after the export, not known (1)" in calendar(build(tmp_path))
